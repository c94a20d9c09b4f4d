import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeNotifications, type ActiveNotifications } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePollInterval } from '../../../lib/live-status.ts';

/** The spec polls notifications every 30 s; live events refresh them at once. */
const ACTIVE_POLL_MS = 30_000;

export const notificationsQueryKey = ['notifications'] as const;

export function getActiveNotifications(signal?: AbortSignal): Promise<ActiveNotifications> {
  return apiRequest('/notification/active', activeNotifications, { signal });
}

export function getActiveNotificationsQueryOptions() {
  return queryOptions({
    queryKey: [...notificationsQueryKey, 'active'],
    queryFn: ({ signal }) => getActiveNotifications(signal),
  });
}

/** The unacknowledged notifications and their count, for the header's bell. */
export function useActiveNotifications() {
  const refetchInterval = usePollInterval(ACTIVE_POLL_MS);
  return useQuery({ ...getActiveNotificationsQueryOptions(), refetchInterval });
}
