import type { WorkflowListFilter } from './get-workflows.ts';

/**
 * Every query of the workflows area sits under one root, so that a change to one workflow can
 * refresh what depends on it without touching other screens.
 */
export const workflowKeys = {
  all: ['workflows'] as const,
  lists: () => [...workflowKeys.all, 'list'] as const,
  list: (filter: WorkflowListFilter) => [...workflowKeys.lists(), filter] as const,
  detail: (id: number) => [...workflowKeys.all, 'detail', id] as const,
  workflow: (id: number) => [...workflowKeys.detail(id), 'workflow'] as const,
  diagram: (id: number) => [...workflowKeys.detail(id), 'diagram'] as const,
  steps: (id: number) => [...workflowKeys.detail(id), 'steps'] as const,
  products: (id: number) => [...workflowKeys.detail(id), 'products'] as const,
  triggers: (id: number) => [...workflowKeys.detail(id), 'triggers'] as const,
  run: (id: number) => [...workflowKeys.detail(id), 'run'] as const,
  deviceCommands: (code: string) => [...workflowKeys.all, 'device-commands', code] as const,
  productCatalog: () => [...workflowKeys.all, 'product-catalog'] as const,
};
