import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bean, type Bean, type SaveBeanBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { beansQueryKey } from '../../../lib/get-bean-list.ts';

export function createBean(body: SaveBeanBody): Promise<Bean> {
  return apiRequest('/bean', bean, { method: 'POST', body });
}

export function useCreateBean() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBean,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: beansQueryKey }),
  });
}
