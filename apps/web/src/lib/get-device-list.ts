import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceSummary, type DeviceSummary } from '@roastery/contract';
import { apiRequest } from './api-client.ts';

const deviceList = deviceSummary.array();

/** Everything about devices sits under this key, so one invalidation refreshes every view. */
export const allDevicesQueryKey = ['devices'] as const;
export const deviceListQueryKey = [...allDevicesQueryKey, 'list'] as const;

/** Every device of the plant with its live state; virtual bins are never returned. */
export function getDeviceList(signal?: AbortSignal): Promise<DeviceSummary[]> {
  return apiRequest('/device', deviceList, { signal });
}

export function getDeviceListQueryOptions() {
  return queryOptions({
    queryKey: deviceListQueryKey,
    queryFn: ({ signal }) => getDeviceList(signal),
  });
}

/** The device list; refetchInterval keeps its live columns (quality, occupancy) current. */
export function useDeviceList(options: { refetchInterval?: number } = {}) {
  return useQuery({ ...getDeviceListQueryOptions(), refetchInterval: options.refetchInterval });
}
