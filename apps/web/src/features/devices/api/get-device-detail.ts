import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceDetail, type DeviceDetail } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePollInterval } from '../../../lib/live-status.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';

/** The spec refreshes device detail every 5 s. */
const DETAIL_POLL_MS = 5_000;
/** While the PLC has yet to confirm a write, the screen checks more often than that. */
const PENDING_POLL_MS = 1_000;

export const deviceDetailQueryKey = (code: string) =>
  [...allDevicesQueryKey, 'detail', code] as const;

export function getDeviceDetail(code: string, signal?: AbortSignal): Promise<DeviceDetail> {
  return apiRequest(`/device/detail?${new URLSearchParams({ id: code })}`, deviceDetail, {
    signal,
  });
}

export function getDeviceDetailQueryOptions(code: string) {
  return queryOptions({
    queryKey: deviceDetailQueryKey(code),
    queryFn: ({ signal }) => getDeviceDetail(code, signal),
  });
}

/** True while a mode switch or a command waits for the PLC's feedback. */
export function isAwaitingPlc(detail: DeviceDetail): boolean {
  return (
    !detail.isSwitched ||
    detail.manual !== detail.requestedManual ||
    [...detail.binary, ...detail.input].some((command) => !command.isSame)
  );
}

export function useDeviceDetail(code: string) {
  const pollMs = usePollInterval(DETAIL_POLL_MS);
  return useQuery({
    ...getDeviceDetailQueryOptions(code),
    refetchInterval: (query) =>
      query.state.data && isAwaitingPlc(query.state.data) ? PENDING_POLL_MS : pollMs,
  });
}
