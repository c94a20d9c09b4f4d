import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderPaths, type OrderPaths } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** The enabled roasting paths an order may start along; `defined` false while there are none. */
export function getOrderPaths(orderId: number, signal?: AbortSignal): Promise<OrderPaths> {
  return apiRequest(`/orders/${orderId}/paths`, orderPaths, { signal });
}

/** Fetched when the start dialog opens for an order, fresh each time. */
export function useOrderPaths(orderId: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: orderKeys.paths(orderId ?? 0),
      queryFn: ({ signal }) => getOrderPaths(orderId ?? 0, signal),
      enabled: orderId !== undefined,
      staleTime: 0,
    }),
  );
}
