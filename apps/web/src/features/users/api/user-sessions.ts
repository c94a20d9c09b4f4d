import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageReply,
  userSessionList,
  type MessageReply,
  type UserSession,
} from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const userSessionsQueryKey = (userId: number) => ['user-sessions', userId] as const;

export function getUserSessions(userId: number, signal?: AbortSignal): Promise<UserSession[]> {
  return apiRequest(`/user/${userId}/sessions`, userSessionList, { signal });
}

export function useUserSessions(userId: number | undefined) {
  return useQuery({
    ...queryOptions({
      queryKey: userSessionsQueryKey(userId ?? 0),
      queryFn: ({ signal }) => getUserSessions(userId ?? 0, signal),
    }),
    enabled: userId !== undefined,
  });
}

/** Ends one sign-in of the user, or every one when no session is named. */
export function endUserSessions(input: {
  userId: number;
  sessionId?: string;
}): Promise<MessageReply> {
  const path = input.sessionId
    ? `/user/${input.userId}/sessions/${encodeURIComponent(input.sessionId)}`
    : `/user/${input.userId}/sessions`;
  return apiRequest(path, messageReply, { method: 'DELETE' });
}

export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSessions,
    // Also after a 404: the session had already ended, and the list should say so.
    onSettled: (_reply, _error, input) =>
      queryClient.invalidateQueries({ queryKey: userSessionsQueryKey(input.userId) }),
  });
}
