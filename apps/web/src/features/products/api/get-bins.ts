import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceSummary, type DeviceSummary } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';

const binList = deviceSummary.array();

/** Under the devices key, so that device changes refresh the bean form's silo choices. */
export const binsQueryKey = [...allDevicesQueryKey, 'bins'] as const;

/** The silos and bins a bean may be stored in. */
export function getBins(signal?: AbortSignal): Promise<DeviceSummary[]> {
  return apiRequest('/device/bin', binList, { signal });
}

export function getBinsQueryOptions() {
  return queryOptions({
    queryKey: binsQueryKey,
    queryFn: ({ signal }) => getBins(signal),
  });
}

export function useBins() {
  return useQuery(getBinsQueryOptions());
}
