import { useMutation } from '@tanstack/react-query';
import { isRoleId, type LoginBody, type LoginReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { loginReply } from '../../../lib/reply-checks.ts';
import { startSession } from '../../../lib/session.ts';

export function login(body: LoginBody): Promise<LoginReply> {
  return apiRequest('/user/login', loginReply, { method: 'POST', body });
}

/** Signs in and keeps the session in cookies. */
export function useLogin(options: { onSuccess?: () => void; onError?: (error: unknown) => void }) {
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const reply = await login(body);
      if (!isRoleId(reply.role)) throw new Error(`The server sent an unknown role: ${reply.role}`);
      startSession({
        accessToken: reply.token,
        refreshToken: reply.refreshToken,
        name: reply.full_name,
        role: reply.role,
      });
    },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
