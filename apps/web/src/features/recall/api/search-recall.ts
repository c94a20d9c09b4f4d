import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recallSearchReply, type RecallMatch } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const recallQueryKey = ['recall'] as const;

/** What a typed text matches: lot codes, supplier lots, customers, an order number. */
export function searchRecall(q: string, signal?: AbortSignal): Promise<RecallMatch[]> {
  return apiRequest(`/recall/search?${new URLSearchParams({ q }).toString()}`, recallSearchReply, {
    signal,
  });
}

/** The search box's suggestions; the last ones stay while the next are fetched. */
export function useRecallSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: [...recallQueryKey, 'search', text],
    queryFn: ({ signal }) => searchRecall(text, signal),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
