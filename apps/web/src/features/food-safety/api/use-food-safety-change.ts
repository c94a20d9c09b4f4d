import { useMutation, useQueryClient } from '@tanstack/react-query';
import { foodSafetyKeys } from './food-safety-keys.ts';

/** A call that changes the record book: every food-safety query is read again after it. */
export function useFoodSafetyChange<Input, Reply>(send: (input: Input) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foodSafetyKeys.all }),
  });
}
