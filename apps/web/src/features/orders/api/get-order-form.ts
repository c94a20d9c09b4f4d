import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderForm, type OrderForm } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** Products, roasting rules (roaster and path), destinations and the order-form settings. */
export function getOrderForm(signal?: AbortSignal): Promise<OrderForm> {
  return apiRequest('/orders/form', orderForm, { signal });
}

export function getOrderFormQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.form(),
    queryFn: ({ signal }) => getOrderForm(signal),
  });
}

/** enabled: fetched when a form opens, and fresh each time (products and settings change). */
export function useOrderForm(options: { enabled: boolean }) {
  return useQuery({ ...getOrderFormQueryOptions(), enabled: options.enabled, staleTime: 0 });
}
