import type { OrderRoute, WorkflowEdge, WorkflowNode } from '@roastery/contract';
import { DIAGRAM_ROW_PX } from '../workflows/workflow-diagram-layout.ts';

/** What a diagram's node stands for, as far as an order's route changes it. */
export type RouteNodeKind = 'silo' | 'bin' | 'other';

interface Diagram {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** The designer's edge id, which carries the handles: 'GS1:s-1->CL1:t-1'. */
const EDGE_ID = /^(.+):(s-\d+)->(.+):(t-\d+)$/;

/** The edge between other ends, on the same handles when its id names them. */
function reconnected(edge: WorkflowEdge, source: string, target: string): WorkflowEdge {
  const match = edge.id ? EDGE_ID.exec(edge.id) : null;
  const handles = match?.[1] === edge.source && match[3] === edge.target ? match : null;
  return handles
    ? { id: `${source}:${handles[2]}->${target}:${handles[4]}`, source, target }
    : { source, target };
}

const edgeKey = (edge: WorkflowEdge) => edge.id ?? `${edge.source}->${edge.target}`;

/**
 * A roasting workflow's diagram redrawn along an order's route. The workflow is drawn with one
 * silo and one bin, but a batch charges from the silos its plan chose and lands in the order's
 * bin: the route's silos stand, one above the other, where the drawn silo stood, joined to what
 * it fed, and the order's bin takes the drawn bin's place. Everything between (the cleaner,
 * the roaster, the waste bin) stays as drawn. A diagram with several bins keeps them, as the
 * batch keeps the workflow's bin then.
 */
export function alongRoute<T extends Diagram>(
  diagram: T,
  route: OrderRoute,
  kindOf: (code: string) => RouteNodeKind,
): T {
  const silos = diagram.nodes.filter((n) => kindOf(n.id) === 'silo');
  const bins = diagram.nodes.filter((n) => kindOf(n.id) === 'bin');
  /** The nodes each replaced node becomes on the canvas. */
  const drawnAs = new Map<string, WorkflowNode[]>();
  /** The devices each replaced node stands for at the ends of its edges. */
  const standsFor = new Map<string, string[]>();
  const [anchor] = silos;
  if (anchor) {
    const middle = (route.silos.length - 1) / 2;
    const placed = route.silos.map((silo, i): WorkflowNode => ({
      ...anchor,
      id: silo.device_id,
      data: { ...anchor.data, label: silo.device_name },
      position: {
        x: anchor.position.x,
        y: anchor.position.y + Math.round((i - middle) * DIAGRAM_ROW_PX),
      },
    }));
    for (const silo of silos) {
      drawnAs.set(silo.id, silo === anchor ? placed : []);
      standsFor.set(
        silo.id,
        placed.map((n) => n.id),
      );
    }
  }
  const [bin] = bins;
  if (bin && bins.length === 1 && route.destination) {
    const { device_id, device_name } = route.destination;
    drawnAs.set(bin.id, [{ ...bin, id: device_id, data: { ...bin.data, label: device_name } }]);
    standsFor.set(bin.id, [device_id]);
  }
  if (drawnAs.size === 0) return diagram;

  const ends = (id: string) => standsFor.get(id) ?? [id];
  const nodes = new Map<string, WorkflowNode>();
  for (const node of diagram.nodes) {
    for (const drawn of drawnAs.get(node.id) ?? [node]) {
      if (!nodes.has(drawn.id)) nodes.set(drawn.id, drawn);
    }
  }
  const edges = new Map<string, WorkflowEdge>();
  for (const edge of diagram.edges) {
    const redrawn =
      standsFor.has(edge.source) || standsFor.has(edge.target)
        ? ends(edge.source).flatMap((s) => ends(edge.target).map((t) => reconnected(edge, s, t)))
        : [edge];
    for (const e of redrawn) if (!edges.has(edgeKey(e))) edges.set(edgeKey(e), e);
  }
  return { ...diagram, nodes: [...nodes.values()], edges: [...edges.values()] };
}
