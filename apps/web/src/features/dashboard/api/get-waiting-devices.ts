import { queryOptions, useQuery } from '@tanstack/react-query';
import { waitingDevice, type WaitingDevice } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { STATUS_POLL_MS, dashboardKeys } from './dashboard-keys.ts';

const waitingDeviceList = waitingDevice.array();

/** The devices active runs wait on, with the condition and since when. */
export function getWaitingDevices(signal?: AbortSignal): Promise<WaitingDevice[]> {
  return apiRequest('/flow/waiting/devices', waitingDeviceList, { signal });
}

export function getWaitingDevicesQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.waitingDevices(),
    queryFn: ({ signal }) => getWaitingDevices(signal),
  });
}

/** Polled only while the drawer is open. */
export function useWaitingDevices(enabled: boolean) {
  return useQuery({
    ...getWaitingDevicesQueryOptions(),
    enabled,
    refetchInterval: enabled ? STATUS_POLL_MS : false,
  });
}
