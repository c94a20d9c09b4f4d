import { queryOptions, useQuery } from '@tanstack/react-query';
import { product, type Product } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

const productList = product.array();

export const productsQueryKey = ['products'] as const;

/** Every product with its recipe lines. */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest('/product', productList, { signal });
}

export function getProductsQueryOptions() {
  return queryOptions({
    queryKey: productsQueryKey,
    queryFn: ({ signal }) => getProducts(signal),
  });
}

export function useProducts() {
  return useQuery(getProductsQueryOptions());
}
