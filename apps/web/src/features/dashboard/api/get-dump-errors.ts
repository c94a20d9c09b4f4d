import { queryOptions, useQuery } from '@tanstack/react-query';
import { dumpError, type DumpError } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { POPUP_POLL_MS, dashboardKeys } from './dashboard-keys.ts';

const dumpErrorList = dumpError.array();

/** Dumps whose dumping workflow did not finish, with how much reached the silo. */
export function getDumpErrors(signal?: AbortSignal): Promise<DumpError[]> {
  return apiRequest('/dashboard/dump_popup/error', dumpErrorList, { signal });
}

export function getDumpErrorsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.dumpErrors(),
    queryFn: ({ signal }) => getDumpErrors(signal),
    refetchInterval: POPUP_POLL_MS,
  });
}

export function useDumpErrors() {
  return useQuery(getDumpErrorsQueryOptions());
}
