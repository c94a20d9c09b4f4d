import { queryOptions, useQuery } from '@tanstack/react-query';
import { roastProfile, type RoastProfile } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { roastProfileKeys } from './roast-profile-keys.ts';

const roastProfileList = roastProfile.array();

/** Every profile with its current version, by product name then roaster. */
export function getRoastProfiles(signal?: AbortSignal): Promise<RoastProfile[]> {
  return apiRequest('/roast-profiles', roastProfileList, { signal });
}

export function useRoastProfiles() {
  return useQuery(
    queryOptions({
      queryKey: roastProfileKeys.list(),
      queryFn: ({ signal }) => getRoastProfiles(signal),
    }),
  );
}
