import { queryOptions, useQuery } from '@tanstack/react-query';
import { dump, type Dump } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { dumpKeys, type DumpListStatus } from './dump-keys.ts';

const dumpList = dump.array();

/** Dump requests in one status, newest first. */
export function getDumps(status: DumpListStatus, signal?: AbortSignal): Promise<Dump[]> {
  return apiRequest(`/dump?status=${status}`, dumpList, { signal });
}

export function getDumpsQueryOptions(status: DumpListStatus) {
  return queryOptions({
    queryKey: dumpKeys.list(status),
    queryFn: ({ signal }) => getDumps(status, signal),
  });
}

/** refetchInterval: dumps change state as their workflows run, so screens keep polling. */
export function useDumps(status: DumpListStatus, options: { refetchInterval: number }) {
  return useQuery({ ...getDumpsQueryOptions(status), refetchInterval: options.refetchInterval });
}
