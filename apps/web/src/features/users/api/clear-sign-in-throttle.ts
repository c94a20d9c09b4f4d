import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { signInThrottlesQueryKey } from './get-sign-in-throttles.ts';

/** The username or address of the throttle may sign in again at once. */
export function clearSignInThrottle(id: number): Promise<MessageReply> {
  return apiRequest(`/user/throttles/${id}`, messageReply, { method: 'DELETE' });
}

export function useClearSignInThrottle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearSignInThrottle,
    // Also after a 404: the throttle had ended, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInThrottlesQueryKey }),
  });
}
