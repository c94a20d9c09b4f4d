import { useQuery } from '@tanstack/react-query';
import { healthDetail, healthEntry } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { healthKeys } from './health-keys.ts';

/** The spec's polling of the system status and of a service's detail. */
export const HEALTH_REFRESH_MS = 2_000;

export function useServices() {
  return useQuery({
    queryKey: healthKeys.list(),
    queryFn: ({ signal }) => apiRequest('/admin/health', healthEntry.array(), { signal }),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

export function useService(id: string) {
  return useQuery({
    queryKey: healthKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/health/${encodeURIComponent(id)}`, healthDetail, { signal }),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}
