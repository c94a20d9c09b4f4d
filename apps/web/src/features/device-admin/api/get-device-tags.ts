import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceTagView, type DeviceTagView } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';

const deviceTagList = deviceTagView.array();

export const deviceTagsQueryKey = (code: string) => [...allDevicesQueryKey, 'tags', code] as const;

/** The device's part of the PLC address map. */
export function getDeviceTags(code: string, signal?: AbortSignal): Promise<DeviceTagView[]> {
  return apiRequest(`/device/tags/${encodeURIComponent(code)}`, deviceTagList, { signal });
}

export function getDeviceTagsQueryOptions(code: string) {
  return queryOptions({
    queryKey: deviceTagsQueryKey(code),
    queryFn: ({ signal }) => getDeviceTags(code, signal),
  });
}

export function useDeviceTags(code: string) {
  // The table is an editor: a refetch on focus would throw away unsaved edits.
  return useQuery({ ...getDeviceTagsQueryOptions(code), refetchOnWindowFocus: false });
}
