import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderListReply, type OrderListReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ORDER_POLL_MS } from './get-pending-orders.ts';
import { orderKeys, type RoastingPeriod } from './order-keys.ts';
import { queryString } from './order-query-string.ts';

function periodQuery(period: RoastingPeriod) {
  return period.kind === 'days' ? { query: period.days } : { from: period.from, to: period.to };
}

/** The roasting board: orders being roasted in the period, with their priority columns. */
export function getRoastingOrders(
  period: RoastingPeriod,
  signal?: AbortSignal,
): Promise<OrderListReply> {
  return apiRequest(`/orders/roasting${queryString(periodQuery(period))}`, orderListReply, {
    signal,
  });
}

export function getRoastingOrdersQueryOptions(period: RoastingPeriod) {
  return queryOptions({
    queryKey: orderKeys.roasting(period),
    queryFn: ({ signal }) => getRoastingOrders(period, signal),
  });
}

export function useRoastingOrders(period: RoastingPeriod) {
  return useQuery({ ...getRoastingOrdersQueryOptions(period), refetchInterval: ORDER_POLL_MS });
}
