import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** Refused with 409 for a system workflow or one that is running. */
export function deleteWorkflow(id: number): Promise<MessageReply> {
  return apiRequest(`/diagram/${id}`, messageReply, { method: 'DELETE' });
}

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: workflowKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: workflowKeys.lists() });
    },
  });
}
