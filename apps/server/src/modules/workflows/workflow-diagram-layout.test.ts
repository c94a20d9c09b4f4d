import { describe, expect, it } from 'vitest';
import {
  conveyorDiagram,
  DIAGRAM_COLUMN_PX,
  DIAGRAM_ROW_PX,
  layOutDiagram,
  straightPath,
} from './workflow-diagram-layout.ts';

const nameOf = (code: string) => `Device ${code}`;

describe('seeded workflow diagrams', () => {
  it('lay a straight path out left to right, beans in on the left and out on the right', () => {
    const { nodes, edges } = layOutDiagram(straightPath('DS1', 'GS2', 'CL1'), nameOf);
    expect(nodes).toEqual(
      ['DS1', 'GS2', 'CL1'].map((id, col) => ({
        id,
        type: 'default',
        data: {
          label: `Device ${id}`,
          class: 'lg',
          targetCount: 1,
          sourceCount: 1,
          targetPosition: 'left',
          sourcePosition: 'right',
        },
        position: { x: col * DIAGRAM_COLUMN_PX, y: 0 },
      })),
    );
    expect(edges).toEqual([
      { id: 'DS1:s-1->GS2:t-1', source: 'DS1', target: 'GS2' },
      { id: 'GS2:s-1->CL1:t-1', source: 'GS2', target: 'CL1' },
    ]);
  });

  it('centre a conveyor beside its routes and give it two return handles', () => {
    const { nodes, edges } = layOutDiagram(conveyorDiagram('TC2', ['A', 'B', 'C']), nameOf);
    expect(nodes.find((n) => n.id === 'TC2')).toMatchObject({
      type: 'custom',
      position: { x: DIAGRAM_COLUMN_PX, y: DIAGRAM_ROW_PX },
      data: { targetPosition: 'left', sourcePosition: 'left', targetCount: 1, sourceCount: 2 },
    });
    expect(nodes.find((n) => n.id === 'C')).toMatchObject({
      type: 'default',
      position: { x: 0, y: 2 * DIAGRAM_ROW_PX },
      data: { targetPosition: 'top', sourcePosition: 'right' },
    });
    expect(edges.map((e) => e.id)).toEqual([
      'A:s-1->TC2:t-1',
      'TC2:s-1->A:t-1',
      'B:s-1->TC2:t-1',
      'TC2:s-1->B:t-1',
      'C:s-1->TC2:t-1',
      'TC2:s-2->C:t-1',
    ]);
  });

  it('refuse a flow to a device the diagram does not place', () => {
    expect(() =>
      layOutDiagram(
        { devices: [{ device: 'GS1', col: 0, row: 0 }], flows: [{ from: 'GS1', to: 'R1' }] },
        nameOf,
      ),
    ).toThrow("the diagram's flow names R1, which it does not place");
  });
});
