import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderListReply, type OrderListReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ORDER_POLL_MS } from './get-pending-orders.ts';
import { orderKeys, type OrderPage } from './order-keys.ts';
import { queryString } from './order-query-string.ts';

/** Roasting orders that are done (Finished, Packed, Not Processed), newest first. */
export function getFinishedOrders(
  page: OrderPage,
  query: string,
  signal?: AbortSignal,
): Promise<OrderListReply> {
  return apiRequest(
    `/orders/finished${queryString({ page: page.page, limit: page.limit, query })}`,
    orderListReply,
    { signal },
  );
}

export function getFinishedOrdersQueryOptions(page: OrderPage, query: string) {
  return queryOptions({
    queryKey: orderKeys.finished(page, query),
    queryFn: ({ signal }) => getFinishedOrders(page, query, signal),
  });
}

export function useFinishedOrders(page: OrderPage, query: string) {
  return useQuery({
    ...getFinishedOrdersQueryOptions(page, query),
    placeholderData: keepPreviousData,
    refetchInterval: ORDER_POLL_MS,
  });
}
