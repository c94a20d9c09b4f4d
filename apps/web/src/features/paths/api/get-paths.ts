import { queryOptions, useQuery } from '@tanstack/react-query';
import { roastingPath, type RoastingPath } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

const pathList = roastingPath.array();

export const pathsQueryKey = ['paths'] as const;

/** The roasting paths, by name. */
export function getPaths(signal?: AbortSignal): Promise<RoastingPath[]> {
  return apiRequest('/path', pathList, { signal });
}

export function getPathsQueryOptions() {
  return queryOptions({ queryKey: pathsQueryKey, queryFn: ({ signal }) => getPaths(signal) });
}

export function usePaths() {
  return useQuery(getPathsQueryOptions());
}
