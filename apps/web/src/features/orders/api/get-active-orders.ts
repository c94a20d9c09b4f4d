import { queryOptions, useQuery } from '@tanstack/react-query';
import { roastingOrder, type RoastingOrder } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

const activeOrderList = roastingOrder.array();

/** The spec polls the active recipe every 10 s; order events refresh it sooner. */
export const ACTIVE_RECIPE_POLL_MS = 10_000;

/** Under orderKeys.all, so an order event refreshes it with the order tabs. */
export const activeOrdersQueryKey = [...orderKeys.all, 'active'] as const;

/** The orders being roasted now, each with its product's recipe. */
export function getActiveOrders(signal?: AbortSignal): Promise<RoastingOrder[]> {
  return apiRequest('/orders/active', activeOrderList, { signal });
}

export function getActiveOrdersQueryOptions() {
  return queryOptions({
    queryKey: activeOrdersQueryKey,
    queryFn: ({ signal }) => getActiveOrders(signal),
    refetchInterval: ACTIVE_RECIPE_POLL_MS,
  });
}

export function useActiveOrders() {
  return useQuery(getActiveOrdersQueryOptions());
}
