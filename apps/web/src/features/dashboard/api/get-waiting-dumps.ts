import { queryOptions, useQuery } from '@tanstack/react-query';
import { waitingDump, type WaitingDump } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { POPUP_POLL_MS, dashboardKeys } from './dashboard-keys.ts';

const waitingDumpList = waitingDump.array();

/** Dump requests still waiting at the station, with how long they have waited. */
export function getWaitingDumps(signal?: AbortSignal): Promise<WaitingDump[]> {
  return apiRequest('/dashboard/dump_popup', waitingDumpList, { signal });
}

export function getWaitingDumpsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.waitingDumps(),
    queryFn: ({ signal }) => getWaitingDumps(signal),
    refetchInterval: POPUP_POLL_MS,
  });
}

export function useWaitingDumps() {
  return useQuery(getWaitingDumpsQueryOptions());
}
