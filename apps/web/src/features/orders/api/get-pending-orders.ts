import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderListReply, type OrderListReply, type OrderWhere } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, type OrderPage } from './order-keys.ts';
import { queryString } from './order-query-string.ts';

/** Live order events refresh the list at once; this poll only covers a stream that is down. */
export const ORDER_POLL_MS = 10_000;

/** The pending list's filter: the `where` allow-list and the search box's text. */
export interface PendingFilter {
  where: OrderWhere;
  query: string;
}

/** One page of roasting orders not yet started, filtered by the server. */
export function getPendingOrders(
  page: OrderPage,
  filter: PendingFilter,
  signal?: AbortSignal,
): Promise<OrderListReply> {
  const where = Object.keys(filter.where).length > 0 ? JSON.stringify(filter.where) : undefined;
  return apiRequest(
    `/orders${queryString({ page: page.page, limit: page.limit, where, query: filter.query })}`,
    orderListReply,
    { signal },
  );
}

export function getPendingOrdersQueryOptions(page: OrderPage, filter: PendingFilter) {
  return queryOptions({
    queryKey: orderKeys.pending(page, filter.where, filter.query),
    queryFn: ({ signal }) => getPendingOrders(page, filter, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so the pager does not jump. */
export function usePendingOrders(page: OrderPage, filter: PendingFilter) {
  return useQuery({
    ...getPendingOrdersQueryOptions(page, filter),
    placeholderData: keepPreviousData,
    refetchInterval: ORDER_POLL_MS,
  });
}
