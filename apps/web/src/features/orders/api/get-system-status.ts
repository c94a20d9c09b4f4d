import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemStatus, type SystemStatus } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** The spec polls the system status every 3 s. */
export const SYSTEM_STATUS_POLL_MS = 3_000;

/** Orders under way with their batch timeline, the roasters and the inactive devices. */
export function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  return apiRequest('/dashboard/system_status', systemStatus, { signal });
}

export function getSystemStatusQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.systemStatus(),
    queryFn: ({ signal }) => getSystemStatus(signal),
  });
}

export function useSystemStatus() {
  return useQuery({ ...getSystemStatusQueryOptions(), refetchInterval: SYSTEM_STATUS_POLL_MS });
}
