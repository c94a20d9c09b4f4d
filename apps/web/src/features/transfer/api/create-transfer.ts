import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transfer, type CreateTransferBody, type Transfer } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { transferKeys } from './transfer-keys.ts';

/**
 * Asks for a transfer. The server answers 409 when it would mix segregated and other beans
 * without segregation_override, 422 when the weight does not fit the source or the target.
 */
export function createTransfer(body: CreateTransferBody): Promise<Transfer> {
  return apiRequest('/transfer', transfer, { method: 'POST', body });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.all }),
  });
}
