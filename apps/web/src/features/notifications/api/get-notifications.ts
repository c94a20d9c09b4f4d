import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationPage, type AlarmState } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePollInterval } from '../../../lib/live-status.ts';
import { notificationsQueryKey } from './get-active-notifications.ts';

const LIST_POLL_MS = 30_000;

export interface NotificationPageQuery {
  page: number;
  limit: number;
  /** Only the notifications in this alarm state. */
  state?: AlarmState;
}

export function getNotifications(
  { page, limit, state }: NotificationPageQuery,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (state) query.set('state', state);
  return apiRequest(`/notification/all?${query}`, notificationPage, { signal });
}

export function getNotificationsQueryOptions(query: NotificationPageQuery) {
  return queryOptions({
    queryKey: [...notificationsQueryKey, 'all', query],
    queryFn: ({ signal }) => getNotifications(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of every notification (or of those in one state), newest first. */
export function useNotifications(query: NotificationPageQuery) {
  const refetchInterval = usePollInterval(LIST_POLL_MS);
  return useQuery({ ...getNotificationsQueryOptions(query), refetchInterval });
}
