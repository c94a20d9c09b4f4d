import { queryOptions, useQuery } from '@tanstack/react-query';
import { alarmDeliveryList, type AlarmDelivery } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** How often the list of messages is read again: messages fall due by themselves. */
const REFRESH_MS = 10_000;

export function getDeliveries(signal?: AbortSignal): Promise<AlarmDelivery[]> {
  return apiRequest('/admin/alarm-delivery/deliveries?limit=100', alarmDeliveryList, { signal });
}

export function useDeliveries() {
  return useQuery(
    queryOptions({
      queryKey: ['alarm-delivery', 'deliveries'],
      queryFn: ({ signal }) => getDeliveries(signal),
      refetchInterval: REFRESH_MS,
    }),
  );
}
