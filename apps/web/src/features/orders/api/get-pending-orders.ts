import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderListReply, type OrderListReply, type OrderWhere } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, type OrderPage } from './order-keys.ts';
import { queryString } from './order-query-string.ts';

/** Live order events refresh the list at once; this poll only covers a stream that is down. */
export const ORDER_POLL_MS = 10_000;

/** One page of roasting orders not yet started, filtered by the server on an allow-list. */
export function getPendingOrders(
  page: OrderPage,
  where: OrderWhere,
  signal?: AbortSignal,
): Promise<OrderListReply> {
  const filter = Object.keys(where).length > 0 ? JSON.stringify(where) : undefined;
  return apiRequest(
    `/orders${queryString({ page: page.page, limit: page.limit, where: filter })}`,
    orderListReply,
    { signal },
  );
}

export function getPendingOrdersQueryOptions(page: OrderPage, where: OrderWhere) {
  return queryOptions({
    queryKey: orderKeys.pending(page, where),
    queryFn: ({ signal }) => getPendingOrders(page, where, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so the pager does not jump. */
export function usePendingOrders(page: OrderPage, where: OrderWhere) {
  return useQuery({
    ...getPendingOrdersQueryOptions(page, where),
    placeholderData: keepPreviousData,
    refetchInterval: ORDER_POLL_MS,
  });
}
