import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { workflowListEntry, type WorkflowListEntry, type WorkflowType } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export interface WorkflowListFilter {
  type: 'all' | WorkflowType;
  search: string;
}

const workflowList = workflowListEntry.array();

export function getWorkflows(
  filter: WorkflowListFilter,
  signal?: AbortSignal,
): Promise<WorkflowListEntry[]> {
  const params = new URLSearchParams({ s: filter.type });
  if (filter.search.trim()) params.set('q', filter.search.trim());
  return apiRequest(`/diagram/new/flow/list?${params.toString()}`, workflowList, { signal });
}

export function getWorkflowsQueryOptions(filter: WorkflowListFilter) {
  return queryOptions({
    queryKey: workflowKeys.list(filter),
    queryFn: ({ signal }) => getWorkflows(filter, signal),
  });
}

/** The workflow list; the previous result stays on screen while a new search loads. */
export function useWorkflows(filter: WorkflowListFilter) {
  return useQuery({ ...getWorkflowsQueryOptions(filter), placeholderData: keepPreviousData });
}
