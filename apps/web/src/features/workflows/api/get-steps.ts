import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflowStep, type WorkflowStep } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

const stepList = workflowStep.array();

/** A workflow's steps (the spec's logics), in the order the engine runs them. */
export function getSteps(workflowId: number, signal?: AbortSignal): Promise<WorkflowStep[]> {
  return apiRequest(`/diagram/rules?id=${workflowId}`, stepList, { signal });
}

export function getStepsQueryOptions(workflowId: number) {
  return queryOptions({
    queryKey: workflowKeys.steps(workflowId),
    queryFn: ({ signal }) => getSteps(workflowId, signal),
  });
}

export function useSteps(workflowId: number) {
  return useQuery(getStepsQueryOptions(workflowId));
}
