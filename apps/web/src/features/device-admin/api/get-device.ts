import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceSummary, type DeviceSummary } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';

export const deviceInfoQueryKey = (code: string) => [...allDevicesQueryKey, 'info', code] as const;

export function getDevice(code: string, signal?: AbortSignal): Promise<DeviceSummary> {
  return apiRequest(`/device/info/${encodeURIComponent(code)}`, deviceSummary, { signal });
}

export function getDeviceQueryOptions(code: string) {
  return queryOptions({
    queryKey: deviceInfoQueryKey(code),
    queryFn: ({ signal }) => getDevice(code, signal),
  });
}

/** One device, as the update screen edits it. */
export function useDevice(code: string) {
  // The form is filled once from this reply; a background refetch must not reset what the
  // administrator is typing.
  return useQuery({ ...getDeviceQueryOptions(code), refetchOnWindowFocus: false });
}
