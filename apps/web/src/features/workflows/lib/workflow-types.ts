import type { WorkflowType } from '@roastery/contract';

export const workflowTypeLabels: Record<WorkflowType, string> = {
  roasting: 'Roasting',
  roasted: 'Roasted',
  moving: 'Moving',
  packing: 'Packing',
  dumping: 'Dumping',
};

export const workflowTypeColors: Record<WorkflowType, string> = {
  roasting: 'volcano',
  roasted: 'orange',
  moving: 'blue',
  packing: 'green',
  dumping: 'purple',
};

/** The spec's list filter; roasted workflows show under All. */
export const workflowFilters = ['all', 'roasting', 'moving', 'packing', 'dumping'] as const;
export type WorkflowFilter = (typeof workflowFilters)[number];
