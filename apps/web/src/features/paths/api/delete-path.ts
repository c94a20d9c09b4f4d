import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { pathsQueryKey } from './get-paths.ts';

/** 409 while an order is roasting along the path. */
export function deletePath(id: number): Promise<MessageReply> {
  return apiRequest(`/path/${id}`, messageReply, { method: 'DELETE' });
}

export function useDeletePath() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePath,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathsQueryKey }),
  });
}
