import type { ComponentType } from 'react';
import type { NodeProps, NodeTypes } from '@xyflow/react';
import { DeviceNode } from './device-node.tsx';
import type { DeviceFlowNode, DeviceNodeData, DeviceNodeType } from './device-node-data.ts';

interface NodeKind {
  /** The choice as the Device Widget Options drawer names it. */
  title: string;
  /** Whether the drawer offers the number of targets and sources. */
  multipleHandles: boolean;
  component: ComponentType<NodeProps<DeviceFlowNode>>;
}

/**
 * One entry per node type drives the palette (new nodes take paletteNodeType), the canvas
 * (nodeTypes) and the drawer (the type choice and which fields it shows).
 */
export const nodeRegistry: Record<DeviceNodeType, NodeKind> = {
  default: { title: 'Single source and target', multipleHandles: false, component: DeviceNode },
  custom: { title: 'Multiple sources and targets', multipleHandles: true, component: DeviceNode },
};

export const nodeKinds = Object.keys(nodeRegistry) as DeviceNodeType[];

/** The type a device dropped from the palette gets. */
export const paletteNodeType: DeviceNodeType = 'default';

/** Defined once at module scope: React Flow re-mounts every node when this object changes. */
export const nodeTypes = {
  default: nodeRegistry.default.component,
  custom: nodeRegistry.custom.component,
} satisfies NodeTypes;

/** A new node's data: the contract's defaults (large, one handle on top and one at the bottom). */
export function newNodeData(label: string): DeviceNodeData {
  return {
    label,
    class: 'lg',
    targetCount: 1,
    sourceCount: 1,
    targetPosition: 'top',
    sourcePosition: 'bottom',
  };
}

/** Single nodes have exactly one handle each way, whatever counts they carried before. */
export function normaliseNodeData(type: DeviceNodeType, data: DeviceNodeData): DeviceNodeData {
  return nodeRegistry[type].multipleHandles ? data : { ...data, targetCount: 1, sourceCount: 1 };
}
