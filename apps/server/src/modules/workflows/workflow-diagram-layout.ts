import type { WorkflowEdge, WorkflowNode } from '@roastery/contract';

type NodeData = WorkflowNode['data'];

/** Where a device sits on a seeded diagram, on a grid read left to right along the bean path. */
export interface DiagramPlacement {
  device: string;
  col: number;
  /** Top to bottom; a fraction centres a device between rows. */
  row: number;
  /**
   * Handle sides and counts where the default (beans in on the left, out on the right, one
   * handle each) does not fit, e.g. a silo that both feeds and receives from a conveyor.
   */
  handles?: Partial<
    Pick<NodeData, 'targetPosition' | 'sourcePosition' | 'targetCount' | 'sourceCount'>
  >;
}

/** Beans flow from one device to another; handle numbers count from 1 along the node's side. */
export interface DiagramFlow {
  from: string;
  to: string;
  fromHandle?: number;
  toHandle?: number;
}

export interface DiagramSpec {
  devices: DiagramPlacement[];
  flows: DiagramFlow[];
}

/** Grid pitch in canvas pixels: a large (100 px) device node with room for its edges between. */
export const DIAGRAM_COLUMN_PX = 220;
export const DIAGRAM_ROW_PX = 130;

/**
 * The designer's edge id, which carries the handles an edge uses because the stored edge has no
 * handle fields: 'GS1:s-1->R1:t-1' (the web designer reads it back the same way).
 */
export function diagramEdgeId(from: string, fromHandle: number, to: string, toHandle: number) {
  return `${from}:s-${fromHandle}->${to}:t-${toHandle}`;
}

/**
 * A diagram as the workflow designer stores it: one node per device (its id is the device
 * code, its label the device's name) and one edge per flow. A device with more than one handle
 * on a side needs the designer's 'custom' node type; every other device is a 'default' node.
 */
export function layOutDiagram(
  spec: DiagramSpec,
  nameOf: (code: string) => string,
): { nodes: WorkflowNode[]; edges: WorkflowEdge[] } {
  const placed = new Set(spec.devices.map((d) => d.device));
  for (const flow of spec.flows) {
    for (const end of [flow.from, flow.to]) {
      if (!placed.has(end))
        throw new Error(`the diagram's flow names ${end}, which it does not place`);
    }
  }
  const nodes = spec.devices.map(({ device, col, row, handles }): WorkflowNode => {
    const data: NodeData = {
      label: nameOf(device),
      class: 'lg',
      targetCount: 1,
      sourceCount: 1,
      targetPosition: 'left',
      sourcePosition: 'right',
      ...handles,
    };
    return {
      id: device,
      type: data.targetCount > 1 || data.sourceCount > 1 ? 'custom' : 'default',
      data,
      position: { x: col * DIAGRAM_COLUMN_PX, y: Math.round(row * DIAGRAM_ROW_PX) },
    };
  });
  const edges = spec.flows.map(({ from, to, fromHandle = 1, toHandle = 1 }): WorkflowEdge => ({
    id: diagramEdgeId(from, fromHandle, to, toHandle),
    source: from,
    target: to,
  }));
  return { nodes, edges };
}

/** A straight path: each device one column right of the one before, all on the first row. */
export function straightPath(...devices: string[]): DiagramSpec {
  return {
    devices: devices.map((device, col) => ({ device, col, row: 0 })),
    flows: devices.flatMap((from, index) => {
      const to = devices[index + 1];
      return to === undefined ? [] : [{ from, to }];
    }),
  };
}

/**
 * A transfer conveyor and the silos or bins it connects: they stand in a column on its left,
 * each discharging into it from its right side and filled by it through its top. The conveyor
 * takes beans in on its left and delivers them from two handles on the same side, the upper one
 * to the upper half of the column and the lower one to the rest, so the edges fan out cleanly.
 */
export function conveyorDiagram(conveyor: string, routes: string[]): DiagramSpec {
  const half = Math.ceil(routes.length / 2);
  return {
    devices: [
      ...routes.map((device, row) => ({
        device,
        col: 0,
        row,
        handles: { targetPosition: 'top' as const, sourcePosition: 'right' as const },
      })),
      {
        device: conveyor,
        col: 1,
        row: (routes.length - 1) / 2,
        handles: {
          targetPosition: 'left' as const,
          sourcePosition: 'left' as const,
          sourceCount: 2,
        },
      },
    ],
    flows: routes.flatMap((device, index) => [
      { from: device, to: conveyor },
      { from: conveyor, to: device, fromHandle: index < half ? 1 : 2 },
    ]),
  };
}
