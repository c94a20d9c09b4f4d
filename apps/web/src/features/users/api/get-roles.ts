import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleList, type RoleEntry } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export function getRoles(signal?: AbortSignal): Promise<RoleEntry[]> {
  return apiRequest('/user/roles', roleList, { signal });
}

/** Roles change only with a release, so they are fetched once per visit. */
export function getRolesQueryOptions() {
  return queryOptions({
    queryKey: ['roles'],
    queryFn: ({ signal }) => getRoles(signal),
    staleTime: Infinity,
  });
}

export function useRoles(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getRolesQueryOptions(), enabled: options.enabled ?? true });
}
