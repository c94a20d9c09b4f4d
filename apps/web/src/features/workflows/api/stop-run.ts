import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runningWorkflowState, type RunningWorkflowState } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** Stops the whole run at once; it must be started again from the first step. */
export function stopRun(workflowId: number): Promise<RunningWorkflowState> {
  return apiRequest(`/workflow/${workflowId}/stop`, runningWorkflowState, {
    method: 'POST',
    body: {},
  });
}

export function useStopRun(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stopRun(workflowId),
    onSuccess: (state) => queryClient.setQueryData(workflowKeys.run(workflowId), state),
  });
}
