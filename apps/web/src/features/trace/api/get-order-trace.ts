import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderTrace, type OrderTrace } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { traceQueryKey } from './get-lot-trace.ts';

/** What an order was made of: its roasted lots and the green lots in them. */
export function getOrderTrace(orderId: number, signal?: AbortSignal): Promise<OrderTrace> {
  return apiRequest(`/trace/order/${orderId}`, orderTrace, { signal });
}

export function getOrderTraceQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...traceQueryKey, 'order', orderId],
    queryFn: ({ signal }) => getOrderTrace(orderId, signal),
  });
}

export function useOrderTrace(orderId: number | undefined) {
  return useQuery({ ...getOrderTraceQueryOptions(orderId ?? 0), enabled: orderId !== undefined });
}
