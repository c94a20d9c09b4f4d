import { useMutation, useQueryClient } from '@tanstack/react-query';
import { product, type CreateProductBody, type Product } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { productsQueryKey } from './get-products.ts';

export function createProduct(body: CreateProductBody): Promise<Product> {
  return apiRequest('/product', product, { method: 'POST', body });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
