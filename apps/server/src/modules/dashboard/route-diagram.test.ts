import { describe, expect, it } from 'vitest';
import type { OrderRoute } from '@roastery/contract';
import { DIAGRAM_ROW_PX, layOutDiagram } from '../workflows/workflow-diagram-layout.ts';
import { alongRoute, type RouteNodeKind } from './route-diagram.ts';

const names: Record<string, string> = {
  GS1: 'Green Silo 1',
  GS3: 'Green Silo 3',
  GS4: 'Green Silo 4',
  GS5: 'Green Silo 5',
  CL1: 'Cleaner / Destoner',
  R1: 'Roaster 1',
  WB1: 'Waste Bin',
  WRB1: 'WRB Bin 1',
  WRB2: 'WRB Bin 2',
};
const nameOf = (code: string) => names[code] ?? code;
const kindOf = (code: string): RouteNodeKind => {
  if (code.startsWith('GS')) return 'silo';
  return code.startsWith('WRB') ? 'bin' : 'other';
};
const device = (code: string) => ({ device_id: code, device_name: nameOf(code) });

/** The demo's roast as drawn: GS1 -> CL1 -> R1 -> WRB1, the cleaner's waste into WB1. */
const demoRoast = () => ({
  id: 7,
  name: 'Roast Green Silo 1 on Roaster 1 into WRB Bin 1',
  ...layOutDiagram(
    {
      devices: [
        { device: 'GS1', col: 0, row: 0 },
        { device: 'CL1', col: 1, row: 0 },
        { device: 'R1', col: 2, row: 0 },
        { device: 'WB1', col: 2, row: 1 },
        { device: 'WRB1', col: 3, row: 0 },
      ],
      flows: [
        { from: 'GS1', to: 'CL1' },
        { from: 'CL1', to: 'R1' },
        { from: 'CL1', to: 'WB1' },
        { from: 'R1', to: 'WRB1' },
      ],
    },
    nameOf,
  ),
});

const route = (silos: string[], destination: string | null): OrderRoute => ({
  silos_from: 'batches',
  silos: silos.map(device),
  roaster: device('R1'),
  destination: destination === null ? null : device(destination),
});

describe('alongRoute', () => {
  it('draws the silos the order draws from where the drawn silo stood, and its bin in place of the drawn one', () => {
    const drawn = alongRoute(demoRoast(), route(['GS3', 'GS5', 'GS4'], 'WRB2'), kindOf);
    expect(drawn.id).toBe(7);
    expect(drawn.nodes.map((n) => [n.id, n.data.label])).toEqual([
      ['GS3', 'Green Silo 3'],
      ['GS5', 'Green Silo 5'],
      ['GS4', 'Green Silo 4'],
      ['CL1', 'Cleaner / Destoner'],
      ['R1', 'Roaster 1'],
      ['WB1', 'Waste Bin'],
      ['WRB2', 'WRB Bin 2'],
    ]);
    // One above the other, centred on where the drawn silo stood.
    expect(drawn.nodes.slice(0, 3).map((n) => n.position)).toEqual([
      { x: 0, y: -DIAGRAM_ROW_PX },
      { x: 0, y: 0 },
      { x: 0, y: DIAGRAM_ROW_PX },
    ]);
    const bin = drawn.nodes.find((n) => n.id === 'WRB2');
    expect(bin?.position).toEqual(demoRoast().nodes.find((n) => n.id === 'WRB1')?.position);
    expect(drawn.edges).toEqual([
      { id: 'GS3:s-1->CL1:t-1', source: 'GS3', target: 'CL1' },
      { id: 'GS5:s-1->CL1:t-1', source: 'GS5', target: 'CL1' },
      { id: 'GS4:s-1->CL1:t-1', source: 'GS4', target: 'CL1' },
      { id: 'CL1:s-1->R1:t-1', source: 'CL1', target: 'R1' },
      { id: 'CL1:s-1->WB1:t-1', source: 'CL1', target: 'WB1' },
      { id: 'R1:s-1->WRB2:t-1', source: 'R1', target: 'WRB2' },
    ]);
  });

  it('keeps the drawn silo when the order draws from it, and the drawn bin when it names none', () => {
    const drawn = alongRoute(demoRoast(), route(['GS1', 'GS3'], null), kindOf);
    expect(drawn.nodes.map((n) => n.id)).toEqual(['GS1', 'GS3', 'CL1', 'R1', 'WB1', 'WRB1']);
    expect(drawn.edges.map((e) => `${e.source}->${e.target}`)).toEqual([
      'GS1->CL1',
      'GS3->CL1',
      'CL1->R1',
      'CL1->WB1',
      'R1->WRB1',
    ]);
  });

  it('draws no silo when none holds the beans of its next batch', () => {
    const drawn = alongRoute(demoRoast(), { ...route([], 'WRB2'), silos_from: 'plan' }, kindOf);
    expect(drawn.nodes.map((n) => n.id)).toEqual(['CL1', 'R1', 'WB1', 'WRB2']);
    expect(drawn.edges.map((e) => e.source)).not.toContain('GS1');
  });

  it('joins an edge whose id names no handles by its ends alone', () => {
    const diagram = demoRoast();
    const plain = {
      ...diagram,
      edges: diagram.edges.map((e) => ({ ...e, id: `${e.source}-${e.target}` })),
    };
    const drawn = alongRoute(plain, route(['GS3'], 'WRB2'), kindOf);
    expect(drawn.edges).toContainEqual({ source: 'GS3', target: 'CL1' });
    expect(drawn.edges).toContainEqual({ source: 'R1', target: 'WRB2' });
    expect(drawn.edges).toContainEqual({ id: 'CL1-R1', source: 'CL1', target: 'R1' });
  });

  it('keeps the bins of a diagram that draws several, as a batch keeps its workflow’s then', () => {
    const diagram = demoRoast();
    const two = {
      ...diagram,
      nodes: [
        ...diagram.nodes,
        { ...diagram.nodes.at(-1)!, id: 'WRB3', data: { ...diagram.nodes.at(-1)!.data } },
      ],
    };
    const drawn = alongRoute(two, route(['GS3'], 'WRB2'), kindOf);
    expect(drawn.nodes.map((n) => n.id)).toEqual(['GS3', 'CL1', 'R1', 'WB1', 'WRB1', 'WRB3']);
  });
});
