import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemStatus, type SystemStatus } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { STATUS_POLL_MS, dashboardKeys } from './dashboard-keys.ts';

/** Roasting orders with the timeline of their batch, the roasters and the inactive devices. */
export function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  return apiRequest('/dashboard/system_status', systemStatus, { signal });
}

export function getSystemStatusQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.systemStatus(),
    queryFn: ({ signal }) => getSystemStatus(signal),
  });
}

/** Polled only while the drawer is open. */
export function useSystemStatus(enabled: boolean) {
  return useQuery({
    ...getSystemStatusQueryOptions(),
    enabled,
    refetchInterval: enabled ? STATUS_POLL_MS : false,
  });
}
