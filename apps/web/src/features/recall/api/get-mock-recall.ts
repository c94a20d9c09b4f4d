import { useQuery } from '@tanstack/react-query';
import { mockRecall, type MockRecall, type MockRecallQuery } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { recallQueryKey } from './search-recall.ts';

export function recallSearchParams(start: MockRecallQuery): string {
  return new URLSearchParams({ kind: start.kind, key: start.key }).toString();
}

/** A mock recall from one starting point: three sections, the customers, the query time. */
export function getMockRecall(start: MockRecallQuery, signal?: AbortSignal): Promise<MockRecall> {
  return apiRequest(`/recall?${recallSearchParams(start)}`, mockRecall, { signal });
}

export function useMockRecall(start: MockRecallQuery | undefined) {
  return useQuery({
    queryKey: [...recallQueryKey, 'result', start ?? null],
    queryFn: ({ signal }) => getMockRecall(start ?? { kind: 'green_lot', key: '' }, signal),
    enabled: start !== undefined,
    // A recall is read as of the moment it is asked: the person asks again to see it again.
    staleTime: Infinity,
  });
}
