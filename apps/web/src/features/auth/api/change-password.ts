import { useMutation } from '@tanstack/react-query';
import {
  changePasswordReply,
  type ChangePasswordReply,
  type ResetPasswordBody,
} from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { replaceTokens } from '../../../lib/session.ts';

export function changePassword(body: ResetPasswordBody): Promise<ChangePasswordReply> {
  return apiRequest('/user/reset-password', changePasswordReply, { method: 'PUT', body });
}

/**
 * Changes the signed-in user's password. The server ends every other session of the user and
 * answers with a new pair of tokens for this one, which replace the old pair.
 */
export function useChangePassword(options: {
  onSuccess?: (reply: ChangePasswordReply) => void;
  onError?: (error: unknown) => void;
}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (reply) => {
      replaceTokens(reply.token, reply.refreshToken);
      options.onSuccess?.(reply);
    },
    onError: options.onError,
  });
}
