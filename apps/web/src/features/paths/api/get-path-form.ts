import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathForm, type PathForm } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { pathsQueryKey } from './get-paths.ts';

/** Green silos, roasters, roasted-bean bins and roasting workflows a path may name. */
export function getPathForm(signal?: AbortSignal): Promise<PathForm> {
  return apiRequest('/path/form', pathForm, { signal });
}

export function getPathFormQueryOptions() {
  return queryOptions({
    queryKey: [...pathsQueryKey, 'form'],
    queryFn: ({ signal }) => getPathForm(signal),
  });
}

/** enabled: fetched when the form opens, fresh each time (devices and workflows change). */
export function usePathForm(options: { enabled: boolean }) {
  return useQuery({ ...getPathFormQueryOptions(), enabled: options.enabled, staleTime: 0 });
}
