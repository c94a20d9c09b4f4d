import type { Edge } from '@xyflow/react';
import type { WorkflowEdge } from '@roastery/contract';

/**
 * The contract's edge has no handle fields, so the handles an edge uses travel in its id:
 * 'GS1:s-2->R1:t-1'. An id in any other form (an older diagram) connects the first handles.
 * Shared by the designer, which writes them, and the dashboard, which draws them.
 */
const EDGE_ID = /^(.+):(s-\d)->(.+):(t-\d)$/;

export function edgeId(
  source: string,
  sourceHandle: string | null | undefined,
  target: string,
  targetHandle: string | null | undefined,
): string {
  return `${source}:${sourceHandle ?? 's-1'}->${target}:${targetHandle ?? 't-1'}`;
}

export function toFlowEdges(edges: WorkflowEdge[]): Edge[] {
  return edges.map((edge) => {
    const match = edge.id ? EDGE_ID.exec(edge.id) : null;
    const sourceHandle = match?.[1] === edge.source ? match[2] : undefined;
    const targetHandle = match?.[3] === edge.target ? match[4] : undefined;
    return {
      id: edgeId(edge.source, sourceHandle, edge.target, targetHandle),
      source: edge.source,
      target: edge.target,
      sourceHandle: sourceHandle ?? null,
      targetHandle: targetHandle ?? null,
    };
  });
}
