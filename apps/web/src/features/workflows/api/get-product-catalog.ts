import { queryOptions, useQuery } from '@tanstack/react-query';
import { product, type Product } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

const productList = product.array();

/** Every product of the plant, to link one to a workflow. */
export function getProductCatalog(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest('/product', productList, { signal });
}

export function getProductCatalogQueryOptions() {
  return queryOptions({
    queryKey: workflowKeys.productCatalog(),
    queryFn: ({ signal }) => getProductCatalog(signal),
  });
}

export function useProductCatalog() {
  return useQuery(getProductCatalogQueryOptions());
}
