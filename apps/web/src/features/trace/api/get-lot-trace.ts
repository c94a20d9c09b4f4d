import { queryOptions, useQuery } from '@tanstack/react-query';
import { lotTrace, type LotTrace } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const traceQueryKey = ['trace'] as const;

/** Where a lot went: every movement, where it is now, and the batches and orders it fed. */
export function getLotTrace(lot: string, signal?: AbortSignal): Promise<LotTrace> {
  return apiRequest(`/trace/lot/${encodeURIComponent(lot)}`, lotTrace, { signal });
}

export function getLotTraceQueryOptions(lot: string) {
  return queryOptions({
    queryKey: [...traceQueryKey, 'lot', lot],
    queryFn: ({ signal }) => getLotTrace(lot, signal),
  });
}

export function useLotTrace(lot: string | undefined) {
  return useQuery({ ...getLotTraceQueryOptions(lot ?? ''), enabled: lot !== undefined });
}
