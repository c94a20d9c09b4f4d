import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflowStep, type StepFields, type WorkflowStep } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export interface UpdateStepInput {
  id: number;
  logic: StepFields;
}

export function updateStep(input: UpdateStepInput): Promise<WorkflowStep> {
  return apiRequest('/workflow/step', workflowStep, { method: 'PUT', body: input });
}

export function useUpdateStep(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.detail(workflowId) }),
  });
}
