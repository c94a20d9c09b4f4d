import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { signInThrottlesQueryKey } from './get-sign-in-throttles.ts';

export function clearSignInThrottles(): Promise<MessageReply> {
  return apiRequest('/user/throttles', messageReply, { method: 'DELETE' });
}

export function useClearSignInThrottles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearSignInThrottles,
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInThrottlesQueryKey }),
  });
}
