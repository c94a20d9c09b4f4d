import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflow, type Workflow, type WorkflowSettings } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export interface WorkflowSettingInput {
  type: keyof WorkflowSettings;
  /** Seconds. */
  value: number;
}

/** The endpoint takes one setting per call. */
export function updateWorkflowSetting(
  workflowId: number,
  input: WorkflowSettingInput,
): Promise<Workflow> {
  return apiRequest(`/workflow/${workflowId}/settings`, workflow, { method: 'PUT', body: input });
}

export function useUpdateWorkflowSetting(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkflowSettingInput) => updateWorkflowSetting(workflowId, input),
    onSuccess: (saved) => queryClient.setQueryData(workflowKeys.workflow(workflowId), saved),
  });
}
