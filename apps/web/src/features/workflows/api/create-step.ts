import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflowStep, type StepFields, type WorkflowStep } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export type CreateStepInput = StepFields & { workflow_id: number };

/** Answers 422 with a message naming the step when the plant refuses it. */
export function createStep(input: CreateStepInput): Promise<WorkflowStep> {
  return apiRequest('/diagram/rules', workflowStep, { method: 'POST', body: input });
}

export function useCreateStep(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.detail(workflowId) }),
  });
}
