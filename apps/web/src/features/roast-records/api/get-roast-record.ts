import { useQueries, useQuery } from '@tanstack/react-query';
import { roastRecord, type RoastRecord } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { roastRecordKeys } from './roast-record-keys.ts';

export function getRoastRecord(id: number, signal?: AbortSignal): Promise<RoastRecord> {
  return apiRequest(`/roast-records/${id}`, roastRecord, { signal });
}

const recordQuery = (id: number) => ({
  queryKey: roastRecordKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => getRoastRecord(id, signal),
});

export function useRoastRecord(id: number) {
  return useQuery(recordQuery(id));
}

/** A batch's record, for the screens that know the batch (the lot trace). */
export function useRoastRecordOfBatch(batchId: number) {
  return useQuery({
    queryKey: roastRecordKeys.ofBatch(batchId),
    queryFn: ({ signal }) => apiRequest(`/roast-records/batch/${batchId}`, roastRecord, { signal }),
  });
}

/** Several records in full, for the compare view's curves. */
export function useRoastRecordsInFull(ids: readonly number[]) {
  return useQueries({ queries: ids.map(recordQuery) });
}
