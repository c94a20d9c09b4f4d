import type { Node } from '@xyflow/react';
import type { WorkflowNode } from '@roastery/contract';

/** What a node on the canvas carries: the contract's node data, unchanged. */
export type DeviceNodeData = WorkflowNode['data'];
export type DeviceNodeType = WorkflowNode['type'];
export type HandleSide = DeviceNodeData['targetPosition'];
export type WidgetSize = DeviceNodeData['class'];

/** A node of the canvas; its id is the device code, so a device appears once per workflow. */
export type DeviceFlowNode = Node<DeviceNodeData, DeviceNodeType>;

/** The spec's widget widths: small 50px, medium 75px, large (normal) 100px. */
export const widgetWidths: Record<WidgetSize, number> = { sm: 50, md: 75, lg: 100 };

export const widgetSizeLabels: Record<WidgetSize, string> = {
  sm: 'Small',
  md: 'Medium',
  lg: 'Normal',
};

export const handleSides: readonly HandleSide[] = ['top', 'bottom', 'left', 'right'];
export const MIN_HANDLES = 1;
export const MAX_HANDLES = 5;

/** Handle ids are t-1..t-5 and s-1..s-5, so edges can name the handle they use. */
export const targetHandleId = (index: number) => `t-${index}`;
export const sourceHandleId = (index: number) => `s-${index}`;
