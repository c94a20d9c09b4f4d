import { queryOptions, useQuery } from '@tanstack/react-query';
import { roastProfileDetail, type RoastProfileDetail } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { roastProfileKeys } from './roast-profile-keys.ts';

/** A profile, its current version in full and the history of its versions, newest first. */
export function getRoastProfile(id: number, signal?: AbortSignal): Promise<RoastProfileDetail> {
  return apiRequest(`/roast-profiles/${id}`, roastProfileDetail, { signal });
}

export function useRoastProfile(id: number) {
  return useQuery(
    queryOptions({
      queryKey: roastProfileKeys.detail(id),
      queryFn: ({ signal }) => getRoastProfile(id, signal),
    }),
  );
}
