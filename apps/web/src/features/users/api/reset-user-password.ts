import { useMutation } from '@tanstack/react-query';
import { messageReply, type AdminResetPasswordBody, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sets another user's password; the server ends all of that user's sessions. */
export function resetUserPassword(body: AdminResetPasswordBody): Promise<MessageReply> {
  return apiRequest('/user/admin-reset-password', messageReply, { method: 'POST', body });
}

export function useResetUserPassword(options: { onSuccess?: (reply: MessageReply) => void } = {}) {
  return useMutation({ mutationFn: resetUserPassword, onSuccess: options.onSuccess });
}
