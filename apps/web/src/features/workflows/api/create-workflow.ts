import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflow, type Workflow, type WorkflowType } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export interface CreateWorkflowInput {
  name: string;
  type: WorkflowType;
}

export function createWorkflow(input: CreateWorkflowInput): Promise<Workflow> {
  return apiRequest('/diagram/create', workflow, { method: 'POST', body: input });
}

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.lists() }),
  });
}
