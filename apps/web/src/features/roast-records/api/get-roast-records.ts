import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { roastRecordList, type RoastRecordSummary } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { roastRecordKeys, type RoastRecordFilters } from './roast-record-keys.ts';

export function getRoastRecords(
  filters: RoastRecordFilters,
  signal?: AbortSignal,
): Promise<RoastRecordSummary[]> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return apiRequest(`/roast-records${search ? `?${search}` : ''}`, roastRecordList, {
    signal,
  }).then((reply) => reply.records);
}

/** Roasts newest first; the rows stay while a changed filter loads. */
export function useRoastRecords(filters: RoastRecordFilters) {
  return useQuery({
    queryKey: roastRecordKeys.list(filters),
    queryFn: ({ signal }) => getRoastRecords(filters, signal),
    placeholderData: keepPreviousData,
  });
}
