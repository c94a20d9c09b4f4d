import { useMutation, useQueryClient } from '@tanstack/react-query';
import { user, type UpdateUserBody, type User } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

export function updateUser({ id, body }: { id: number; body: UpdateUserBody }): Promise<User> {
  return apiRequest(`/user/${id}`, user, { method: 'PUT', body });
}

export function useUpdateUser(options: { onSuccess?: (updated: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (updated) => {
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
      options.onSuccess?.(updated);
    },
  });
}
