import { useQuery } from '@tanstack/react-query';
import { recallReport, type RecallReport } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { traceQueryKey } from './get-lot-trace.ts';

export type RecallSubject = { lot: string } | { order: number };

/** The recall report: a lot forward to its customers, or an order back to its green lots. */
export function getRecall(subject: RecallSubject, signal?: AbortSignal): Promise<RecallReport> {
  const query: Record<string, string> =
    'lot' in subject ? { lot: subject.lot } : { order: String(subject.order) };
  return apiRequest(`/report/recall?${new URLSearchParams(query).toString()}`, recallReport, {
    signal,
  });
}

export function useRecall(subject: RecallSubject | undefined) {
  return useQuery({
    queryKey: [...traceQueryKey, 'recall', subject ?? null],
    queryFn: ({ signal }) => getRecall(subject ?? { order: 0 }, signal),
    enabled: subject !== undefined,
  });
}
