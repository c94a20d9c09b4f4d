import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runningWorkflowState, type RunningWorkflowState } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** Forgets an ended run, leaving the plant as it is. */
export function clearRun(workflowId: number): Promise<RunningWorkflowState> {
  return apiRequest(`/workflow/${workflowId}/clear`, runningWorkflowState, {
    method: 'POST',
  });
}

export function useClearRun(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearRun(workflowId),
    onSuccess: (state) => queryClient.setQueryData(workflowKeys.run(workflowId), state),
  });
}
