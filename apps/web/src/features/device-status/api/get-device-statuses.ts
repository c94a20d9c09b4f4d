import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceStatus, type DeviceStatusDto } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

const deviceStatusList = deviceStatus.array();

export const deviceStatusesQueryKey = ['device-statuses'] as const;

/** The status lights: which command value lights which colour, and how urgent it is. */
export function getDeviceStatuses(signal?: AbortSignal): Promise<DeviceStatusDto[]> {
  return apiRequest('/device-status', deviceStatusList, { signal });
}

export function getDeviceStatusesQueryOptions() {
  return queryOptions({
    queryKey: deviceStatusesQueryKey,
    queryFn: ({ signal }) => getDeviceStatuses(signal),
  });
}

export function useDeviceStatuses() {
  return useQuery(getDeviceStatusesQueryOptions());
}
