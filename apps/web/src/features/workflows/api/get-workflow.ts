import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflow, type Workflow } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** A workflow with its steps and settings. */
export function getWorkflow(id: number, signal?: AbortSignal): Promise<Workflow> {
  return apiRequest(`/workflow/${id}`, workflow, { signal });
}

export function getWorkflowQueryOptions(id: number) {
  return queryOptions({
    queryKey: workflowKeys.workflow(id),
    queryFn: ({ signal }) => getWorkflow(id, signal),
  });
}

export function useWorkflow(id: number) {
  return useQuery(getWorkflowQueryOptions(id));
}
