import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderKeys } from './order-keys.ts';

/** A mutation of orders: once it succeeds, every order list and board is refreshed. */
export function useOrdersMutation<Input, Reply>(mutationFn: (input: Input) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
