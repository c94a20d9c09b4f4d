import type { Edge } from '@xyflow/react';
import type { WorkflowEdge, WorkflowNode } from '@roastery/contract';
import { edgeId } from '../../../lib/flow-edges.ts';
import { normaliseNodeData } from './node-registry.tsx';
import type { DeviceFlowNode } from './device-node-data.ts';

export function toFlowNodes(nodes: WorkflowNode[]): DeviceFlowNode[] {
  return nodes.map((node) => ({
    id: node.id,
    type: node.type,
    position: node.position,
    data: normaliseNodeData(node.type, node.data),
  }));
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
