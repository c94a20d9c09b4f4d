import { useQuery } from '@tanstack/react-query';
import { roastRecordList } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** While a dropped roast's record is awaited, the screen asks this often. */
const AWAIT_RECORD_MS = 2_000;

/**
 * The id of a roaster's newest roast record, null before its first. Given `awaitingAfter` (the
 * newest id before a roast that has since dropped), it is asked again until a newer one shows.
 */
export function useLatestRoastId(roaster: string, awaitingAfter?: number | null) {
  return useQuery({
    queryKey: ['roast-records', 'latest', roaster],
    queryFn: ({ signal }) =>
      apiRequest(
        `/roast-records?${new URLSearchParams({ roaster, limit: '1' })}`,
        roastRecordList,
        { signal },
      ).then((reply) => reply.records[0]?.id ?? null),
    refetchInterval: (query) =>
      awaitingAfter !== undefined && query.state.data === awaitingAfter ? AWAIT_RECORD_MS : false,
  });
}
