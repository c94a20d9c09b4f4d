import { queryOptions, useQuery } from '@tanstack/react-query';
import { roastProfileVersion, type RoastProfileVersion } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { roastProfileKeys } from './roast-profile-keys.ts';

/** One version of a profile as it was saved; versions never change, so it is read once. */
export function getRoastProfileVersion(
  id: number,
  version: number,
  signal?: AbortSignal,
): Promise<RoastProfileVersion> {
  return apiRequest(`/roast-profiles/${id}/versions/${version}`, roastProfileVersion, { signal });
}

/** The version picked in the history, or nothing while none is. */
export function useRoastProfileVersion(id: number, version: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: roastProfileKeys.version(id, version ?? 0),
      queryFn: ({ signal }) => getRoastProfileVersion(id, version ?? 0, signal),
      enabled: version !== undefined,
      staleTime: Infinity,
    }),
  );
}
