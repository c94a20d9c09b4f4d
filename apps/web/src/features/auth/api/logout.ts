import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentRefreshToken, endSession } from '../../../lib/session.ts';

export function logout(refreshToken: string): Promise<MessageReply> {
  return apiRequest('/user/logout', messageReply, { method: 'POST', body: { refreshToken } });
}

/**
 * Ends the sign-in on the server, then here. The local session ends even if the server
 * cannot be reached: the person at the console asked to leave.
 */
export function useLogout(options: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const refreshToken = currentRefreshToken();
      if (refreshToken) await logout(refreshToken);
    },
    onSettled: () => {
      endSession();
      queryClient.clear();
      options.onSettled?.();
    },
  });
}
