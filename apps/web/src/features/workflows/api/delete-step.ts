import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export function deleteStep(stepId: number): Promise<MessageReply> {
  return apiRequest(`/workflow/step/${stepId}`, messageReply, { method: 'DELETE' });
}

export function useDeleteStep(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.detail(workflowId) }),
  });
}
