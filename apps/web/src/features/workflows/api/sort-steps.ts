import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflowStep, type WorkflowStep } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

const stepList = workflowStep.array();

/** Saves the steps in the order of stepIds; sort numbers start at 1. */
export function sortSteps(workflowId: number, stepIds: number[]): Promise<WorkflowStep[]> {
  return apiRequest(`/workflow/${workflowId}/sort`, stepList, {
    method: 'POST',
    body: { logics: stepIds.map((id, index) => ({ id, sort_no: index + 1 })) },
  });
}

export function useSortSteps(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stepIds: number[]) => sortSteps(workflowId, stepIds),
    onSuccess: (steps) => {
      queryClient.setQueryData(workflowKeys.steps(workflowId), steps);
      return queryClient.invalidateQueries({ queryKey: workflowKeys.detail(workflowId) });
    },
  });
}
