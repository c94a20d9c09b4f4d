import type { Edge } from '@xyflow/react';
import type { WorkflowEdge, WorkflowNode } from '@roastery/contract';
import { normaliseNodeData } from './node-registry.tsx';
import type { DeviceFlowNode } from './device-node-data.ts';

/**
 * The contract's edge has no handle fields, so the handles an edge uses travel in its id:
 * 'GS1:s-2->R1:t-1'. An id in any other form (an older diagram) connects the first handles.
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

export function toFlowNodes(nodes: WorkflowNode[]): DeviceFlowNode[] {
  return nodes.map((node) => ({
    id: node.id,
    type: node.type,
    position: node.position,
    data: normaliseNodeData(node.type, node.data),
  }));
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

export function toWorkflowNodes(nodes: DeviceFlowNode[]): WorkflowNode[] {
  return nodes.map((node) => ({
    id: node.id,
    type: node.type ?? 'default',
    data: normaliseNodeData(node.type ?? 'default', node.data),
    position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
    ...(node.measured?.width && node.measured.height
      ? { size: { width: node.measured.width, height: node.measured.height } }
      : {}),
  }));
}

export function toWorkflowEdges(edges: Edge[]): WorkflowEdge[] {
  return edges.map((edge) => ({
    id: edgeId(edge.source, edge.sourceHandle, edge.target, edge.targetHandle),
    source: edge.source,
    target: edge.target,
  }));
}

/**
 * Keeps the edges of a node whose handles changed valid: an edge on a handle that no longer
 * exists moves to the node's last handle on that side.
 */
export function clampEdgeHandles(edges: Edge[], node: DeviceFlowNode): Edge[] {
  const clamp = (handle: string | null | undefined, prefix: 's' | 't', count: number) => {
    const index = Number(handle?.slice(2) ?? 1);
    return `${prefix}-${Math.min(index, count)}`;
  };
  return edges.map((edge) => {
    if (edge.source !== node.id && edge.target !== node.id) return edge;
    const sourceHandle =
      edge.source === node.id
        ? clamp(edge.sourceHandle, 's', node.data.sourceCount)
        : edge.sourceHandle;
    const targetHandle =
      edge.target === node.id
        ? clamp(edge.targetHandle, 't', node.data.targetCount)
        : edge.targetHandle;
    return {
      ...edge,
      id: edgeId(edge.source, sourceHandle, edge.target, targetHandle),
      sourceHandle,
      targetHandle,
    };
  });
}
