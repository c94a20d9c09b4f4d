import { useQuery } from '@tanstack/react-query';
import { packingListReply, product } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { foodSafetyKeys } from './food-safety-keys.ts';

const productList = product.array();

export function getProducts(signal?: AbortSignal) {
  return apiRequest('/product', productList, { signal });
}

/** Every product, to choose the one whose critical limits are set. */
export function useProducts() {
  return useQuery({
    queryKey: foodSafetyKeys.products(),
    queryFn: ({ signal }) => getProducts(signal),
  });
}

export function getPackingOrders(signal?: AbortSignal) {
  return apiRequest('/orders/packing', packingListReply, { signal });
}

/** The packing orders pending or being packed, to choose the one a check was made on. */
export function usePackingOrders() {
  return useQuery({
    queryKey: foodSafetyKeys.packingOrders(),
    queryFn: ({ signal }) => getPackingOrders(signal),
  });
}
