import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runningWorkflowState, type RunningWorkflowState } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** Forgets an ended run and writes 0 to every app command it wrote. */
export function clearAndResetRun(workflowId: number): Promise<RunningWorkflowState> {
  return apiRequest(`/workflow/${workflowId}/clear-reset`, runningWorkflowState, {
    method: 'POST',
  });
}

export function useClearAndResetRun(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearAndResetRun(workflowId),
    onSuccess: (state) => queryClient.setQueryData(workflowKeys.run(workflowId), state),
  });
}
