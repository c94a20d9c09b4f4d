import { queryOptions } from '@tanstack/react-query';
import { systemStatus, type SystemStatus } from '@roastery/contract';
import { apiRequest } from './api-client.ts';

/** The spec polls the system status every 3 s. */
export const SYSTEM_STATUS_POLL_MS = 3_000;

/**
 * Shared because the orders screen and the dashboard's System Info drawer both show it: roasting
 * orders with the timeline of their batch, the roasters and the inactive devices.
 */
export function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  return apiRequest('/dashboard/system_status', systemStatus, { signal });
}

/**
 * Polled every 3 s while enabled. Each screen files it under its own query key, so the events
 * and actions that refresh that screen's queries refresh it with them.
 */
export function systemStatusQueryOptions(queryKey: readonly unknown[], enabled = true) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getSystemStatus(signal),
    enabled,
    refetchInterval: enabled ? SYSTEM_STATUS_POLL_MS : false,
  });
}
