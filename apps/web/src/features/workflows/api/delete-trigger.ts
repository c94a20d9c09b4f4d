import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export function deleteTrigger(triggerId: number): Promise<MessageReply> {
  return apiRequest(`/workflow/triggers/${triggerId}`, messageReply, { method: 'DELETE' });
}

export function useDeleteTrigger(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrigger,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.triggers(workflowId) }),
  });
}
