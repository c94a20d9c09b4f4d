import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runningWorkflowState, type RunningWorkflowState } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** Resumes an interrupted run from its current step. */
export function resumeRun(workflowId: number): Promise<RunningWorkflowState> {
  return apiRequest(`/workflow/${workflowId}/resume`, runningWorkflowState, {
    method: 'POST',
  });
}

export function useResumeRun(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resumeRun(workflowId),
    onSuccess: (state) => queryClient.setQueryData(workflowKeys.run(workflowId), state),
  });
}
