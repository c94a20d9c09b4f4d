import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { dynamicValueForm, type DynamicValueForm } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** Before a start: the dynamic values the start dialog must ask for. */
export function getStartCheck(workflowId: number, signal?: AbortSignal): Promise<DynamicValueForm> {
  return apiRequest(`/workflow/${workflowId}/check`, dynamicValueForm, { signal });
}

export function getStartCheckQueryOptions(workflowId: number) {
  return queryOptions({
    queryKey: [...workflowKeys.detail(workflowId), 'start-check'] as const,
    queryFn: ({ signal }) => getStartCheck(workflowId, signal),
    staleTime: 0,
  });
}

/** Asked at each press of Start, so it always reflects the steps as they are now. */
export function useStartCheck(workflowId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery(getStartCheckQueryOptions(workflowId));
}
