import { useMutation, useQueryClient } from '@tanstack/react-query';
import { user, type CreateUserBody, type User } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

export function createUser(body: CreateUserBody): Promise<User> {
  return apiRequest('/user/create', user, { method: 'POST', body });
}

export function useCreateUser(options: { onSuccess?: (created: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
      options.onSuccess?.(created);
    },
  });
}
