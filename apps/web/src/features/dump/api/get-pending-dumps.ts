import { queryOptions, useQuery } from '@tanstack/react-query';
import { dump, type Dump } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { dumpKeys } from './dump-keys.ts';

const dumpList = dump.array();

/** The spec refreshes pending dumps every 500 ms: a request from a roaster or order is news. */
const PENDING_POLL_MS = 500;

/** Dump requests waiting for the operator to tip the bags and acknowledge. */
export function getPendingDumps(signal?: AbortSignal): Promise<Dump[]> {
  return apiRequest('/dump/pending', dumpList, { signal });
}

export function getPendingDumpsQueryOptions() {
  return queryOptions({
    queryKey: dumpKeys.pending(),
    queryFn: ({ signal }) => getPendingDumps(signal),
    refetchInterval: PENDING_POLL_MS,
  });
}

export function usePendingDumps() {
  return useQuery(getPendingDumpsQueryOptions());
}
