import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  packingForm,
  packingListReply,
  packingOrder,
  startPackingReply,
  type CreatePackingBody,
  type PackingForm,
} from '@roastery/contract';
import { apiRequest, ignoreReply } from '../../../lib/api-client.ts';
import { ORDER_POLL_MS } from './get-pending-orders.ts';
import { orderKeys, type OrderPage } from './order-keys.ts';
import { queryString } from './order-query-string.ts';
import { useOrdersMutation } from './use-orders-mutation.ts';

/** Packing orders pending or processing, with their priority columns. */
export function getPackingOrders(signal?: AbortSignal) {
  return apiRequest('/orders/packing', packingListReply, { signal });
}

export function usePackingOrders() {
  return useQuery({
    queryKey: orderKeys.packing(),
    queryFn: ({ signal }) => getPackingOrders(signal),
    refetchInterval: ORDER_POLL_MS,
  });
}

/** Packed orders, searched by order number or customer. */
export function getFinishedPacking(page: OrderPage, query: string, signal?: AbortSignal) {
  return apiRequest(
    `/orders/packing/finished${queryString({ page: page.page, limit: page.limit, query })}`,
    packingListReply,
    { signal },
  );
}

export function getFinishedPackingQueryOptions(page: OrderPage, query: string) {
  return queryOptions({
    queryKey: orderKeys.packingFinished(page, query),
    queryFn: ({ signal }) => getFinishedPacking(page, query, signal),
  });
}

export function useFinishedPacking(page: OrderPage, query: string) {
  return useQuery({
    ...getFinishedPackingQueryOptions(page, query),
    placeholderData: keepPreviousData,
    refetchInterval: ORDER_POLL_MS,
  });
}

export function getPackingForm(signal?: AbortSignal): Promise<PackingForm> {
  return apiRequest('/orders/packing/form', packingForm, { signal });
}

export function usePackingForm(options: { enabled: boolean }) {
  return useQuery({
    queryKey: orderKeys.packingForm(),
    queryFn: ({ signal }) => getPackingForm(signal),
    enabled: options.enabled,
    staleTime: 0,
  });
}

export function createPacking(body: CreatePackingBody) {
  return apiRequest('/orders/packing/create', packingOrder, { method: 'POST', body });
}

/** A processing packing order (status 4) cannot be deleted (409). */
export function deletePacking(id: number): Promise<void> {
  return apiRequest(`/orders/packing/${id}`, ignoreReply, { method: 'DELETE' });
}

/** Starts packing; the reply names the packing workflow, whose test flow screen follows it. */
export function startPacking(orderId: number) {
  return apiRequest('/orders/packing/start', startPackingReply, {
    method: 'POST',
    body: { order_id: orderId },
  });
}

export const useCreatePacking = () => useOrdersMutation(createPacking);
export const useDeletePacking = () => useOrdersMutation(deletePacking);
export const useStartPacking = () => useOrdersMutation(startPacking);
