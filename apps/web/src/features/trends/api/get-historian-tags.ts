import { queryOptions, useQuery } from '@tanstack/react-query';
import { historianTag, type HistorianTag } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { trendKeys } from './trend-keys.ts';

const tagList = historianTag.array();

/** Every tag the historian records, by device in the plant's order. */
export function getHistorianTags(signal?: AbortSignal): Promise<HistorianTag[]> {
  return apiRequest('/historian/tags', tagList, { signal });
}

export function useHistorianTags() {
  return useQuery(
    queryOptions({
      queryKey: trendKeys.tags(),
      queryFn: ({ signal }) => getHistorianTags(signal),
      // The address map changes when an administrator edits the plant: seldom.
      staleTime: 5 * 60_000,
    }),
  );
}
