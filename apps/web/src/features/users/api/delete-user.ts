import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

export function deleteUser(id: number): Promise<MessageReply> {
  return apiRequest(`/user/${id}`, messageReply, { method: 'DELETE' });
}

export function useDeleteUser(options: { onSuccess?: (reply: MessageReply) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (reply) => {
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
      options.onSuccess?.(reply);
    },
  });
}
