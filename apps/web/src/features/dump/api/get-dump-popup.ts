import { queryOptions, useQuery } from '@tanstack/react-query';
import { dump, type Dump } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { dumpKeys } from './dump-keys.ts';

/** The spec checks for roaster dump requests every 5 s. */
const POPUP_POLL_MS = 5_000;

/** Pending dump requests for a roaster: the operator's popup. */
export function getDumpPopup(signal?: AbortSignal): Promise<Dump[]> {
  return apiRequest('/dump/popup', dump.array(), { signal });
}

export function getDumpPopupQueryOptions() {
  return queryOptions({
    queryKey: dumpKeys.popup(),
    queryFn: ({ signal }) => getDumpPopup(signal),
    refetchInterval: POPUP_POLL_MS,
  });
}

export function useDumpPopup() {
  return useQuery(getDumpPopupQueryOptions());
}
