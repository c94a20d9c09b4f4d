import { useQuery } from '@tanstack/react-query';
import { roastControlState } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** While a roast follows no profile yet, the screen asks again this often. */
const AWAIT_PROFILE_MS = 3_000;

/**
 * The profile a roaster's batch follows, asked once per charge the screen sees (`charge`): the
 * controller takes it up just after the charge, and it does not change until the next one.
 */
export function useRoastControl(roaster: string, charge: number, enabled: boolean) {
  return useQuery({
    queryKey: ['roast-control', roaster, charge],
    queryFn: ({ signal }) =>
      apiRequest(`/roast-control/${encodeURIComponent(roaster)}`, roastControlState, { signal }),
    enabled,
    staleTime: Infinity,
    refetchInterval: (query) =>
      enabled && query.state.data?.profile === null ? AWAIT_PROFILE_MS : false,
  });
}
