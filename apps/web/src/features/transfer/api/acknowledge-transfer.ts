import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transfer, type Transfer } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { transferKeys } from './transfer-keys.ts';

/** Starts the transfer's moving workflow. A GET, as the plant API has it, though it acts. */
export function acknowledgeTransfer(id: number): Promise<Transfer> {
  return apiRequest(`/transfer/acknowledge/${id}`, transfer);
}

export function useAcknowledgeTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.all }),
  });
}
