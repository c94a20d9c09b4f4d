import { queryOptions, useQuery } from '@tanstack/react-query';
import { alarmFlood, type AlarmFlood } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePollInterval } from '../../../lib/live-status.ts';
import { notificationsQueryKey } from './get-active-notifications.ts';

/** As often as the notifications; each raised alarm and flood event refreshes it at once. */
const FLOOD_POLL_MS = 30_000;

export function getAlarmFlood(signal?: AbortSignal): Promise<AlarmFlood> {
  return apiRequest('/notification/flood', alarmFlood, { signal });
}

export function getAlarmFloodQueryOptions() {
  return queryOptions({
    queryKey: [...notificationsQueryKey, 'flood'],
    queryFn: ({ signal }) => getAlarmFlood(signal),
  });
}

/** Whether alarms flood in (ISA-18.2: more than 10 raised within 10 minutes). */
export function useAlarmFlood() {
  const refetchInterval = usePollInterval(FLOOD_POLL_MS);
  return useQuery({ ...getAlarmFloodQueryOptions(), refetchInterval });
}
