import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { dumpKeys } from './dump-keys.ts';

/** Only a pending request can be deleted. */
export function deleteDump(id: number): Promise<MessageReply> {
  return apiRequest(`/dump/delete/req/${id}`, messageReply, { method: 'DELETE' });
}

export function useDeleteDump() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDump,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dumpKeys.all }),
  });
}
