import { useMutation, useQueryClient } from '@tanstack/react-query';
import { product, type Product, type UpdateProductBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { productsQueryKey } from './get-products.ts';

export interface UpdateProductInput {
  productId: number;
  body: UpdateProductBody;
}

export function updateProduct({ productId, body }: UpdateProductInput): Promise<Product> {
  return apiRequest(`/product/${productId}`, product, { method: 'PUT', body });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
