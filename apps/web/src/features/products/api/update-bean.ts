import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bean, type Bean, type SaveBeanBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { beansQueryKey } from '../../../lib/get-bean-list.ts';
import { productsQueryKey } from './get-products.ts';

export interface UpdateBeanInput {
  id: number;
  body: SaveBeanBody;
}

export function updateBean({ id, body }: UpdateBeanInput): Promise<Bean> {
  return apiRequest(`/bean/${id}`, bean, { method: 'PUT', body });
}

/** Recipes show bean names, so a renamed bean refreshes the products too. */
export function useUpdateBean() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBean,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: beansQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]),
  });
}
