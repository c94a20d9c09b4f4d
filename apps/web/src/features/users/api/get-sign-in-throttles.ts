import { queryOptions, useQuery } from '@tanstack/react-query';
import { signInThrottleList, type SignInThrottle } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Throttles start and end with sign-in attempts elsewhere; the screen follows them. */
const THROTTLES_POLL_MS = 10_000;

export const signInThrottlesQueryKey = ['sign-in-throttles'] as const;

export function getSignInThrottles(signal?: AbortSignal): Promise<SignInThrottle[]> {
  return apiRequest('/user/throttles', signInThrottleList, { signal });
}

export function getSignInThrottlesQueryOptions() {
  return queryOptions({
    queryKey: signInThrottlesQueryKey,
    queryFn: ({ signal }) => getSignInThrottles(signal),
  });
}

export function useSignInThrottles() {
  return useQuery({ ...getSignInThrottlesQueryOptions(), refetchInterval: THROTTLES_POLL_MS });
}
