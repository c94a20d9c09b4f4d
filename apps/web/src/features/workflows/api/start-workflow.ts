import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runningWorkflowState, type RunningWorkflowState } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/**
 * Starts a run with the dynamic values by step id. Refused with 409 when devices are in manual
 * mode or the workflow is busy, 422 when its steps are invalid.
 */
export function startWorkflow(
  workflowId: number,
  dynamic: Record<string, number> | undefined,
): Promise<RunningWorkflowState> {
  return apiRequest('/workflow/start', runningWorkflowState, {
    method: 'POST',
    body: { work_flow_id: workflowId, ...(dynamic ? { dynamic } : {}) },
  });
}

export function useStartWorkflow(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dynamic: Record<string, number> | undefined) => startWorkflow(workflowId, dynamic),
    onSuccess: (state) => queryClient.setQueryData(workflowKeys.run(workflowId), state),
  });
}
