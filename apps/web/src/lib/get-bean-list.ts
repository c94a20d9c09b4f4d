import { queryOptions, useQuery } from '@tanstack/react-query';
import { bean, type Bean } from '@roastery/contract';
import { apiRequest } from './api-client.ts';

const beanList = bean.array();

/** The green beans of the plant; shared because recipes and dumps both pick from them. */
export const beansQueryKey = ['beans'] as const;

export function getBeanList(signal?: AbortSignal): Promise<Bean[]> {
  return apiRequest('/bean', beanList, { signal });
}

export function getBeanListQueryOptions() {
  return queryOptions({
    queryKey: beansQueryKey,
    queryFn: ({ signal }) => getBeanList(signal),
  });
}

export function useBeanList() {
  return useQuery(getBeanListQueryOptions());
}
