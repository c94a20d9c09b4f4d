import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceSummary, type DeviceSummary } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';

const deviceList = deviceSummary.array();

/** Every device for the designer's toolbar, with its live quality, mode and alarm. */
export function getDesignerDevices(signal?: AbortSignal): Promise<DeviceSummary[]> {
  return apiRequest('/diagram/edge', deviceList, { signal });
}

export function getDesignerDevicesQueryOptions() {
  return queryOptions({
    // Under the devices root, so that a reconnection of the live stream refreshes it too.
    queryKey: [...allDevicesQueryKey, 'designer'] as const,
    queryFn: ({ signal }) => getDesignerDevices(signal),
  });
}

/** refetchInterval keeps the live state shown on the nodes current. */
export function useDesignerDevices(options: { refetchInterval?: number } = {}) {
  return useQuery({
    ...getDesignerDevicesQueryOptions(),
    refetchInterval: options.refetchInterval,
  });
}
