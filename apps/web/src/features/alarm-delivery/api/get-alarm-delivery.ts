import { queryOptions, useQuery } from '@tanstack/react-query';
import { alarmDeliverySettings, type AlarmDeliverySettings } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const alarmDeliveryQueryKey = ['alarm-delivery'] as const;

/** The SMTP server and the pipelines, secrets only as whether they are set. */
export function getAlarmDelivery(signal?: AbortSignal): Promise<AlarmDeliverySettings> {
  return apiRequest('/admin/alarm-delivery', alarmDeliverySettings, { signal });
}

export function useAlarmDelivery() {
  return useQuery(
    queryOptions({
      queryKey: alarmDeliveryQueryKey,
      queryFn: ({ signal }) => getAlarmDelivery(signal),
    }),
  );
}
