import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflowProductEntry } from '@roastery/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export type WorkflowProduct = z.infer<typeof workflowProductEntry>;
export const workflowProductList = workflowProductEntry.array();

/** The products made with this workflow. */
export function getWorkflowProducts(
  workflowId: number,
  signal?: AbortSignal,
): Promise<WorkflowProduct[]> {
  return apiRequest(`/workflow/${workflowId}/products`, workflowProductList, { signal });
}

export function getWorkflowProductsQueryOptions(workflowId: number) {
  return queryOptions({
    queryKey: workflowKeys.products(workflowId),
    queryFn: ({ signal }) => getWorkflowProducts(workflowId, signal),
  });
}

export function useWorkflowProducts(workflowId: number) {
  return useQuery(getWorkflowProductsQueryOptions(workflowId));
}
