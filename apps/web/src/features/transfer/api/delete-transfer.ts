import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ignoreReply } from '../../../lib/api-client.ts';
import { transferKeys } from './transfer-keys.ts';

/** Only a pending transfer can be deleted. */
export function deleteTransfer(id: number): Promise<void> {
  return apiRequest(`/transfer/${id}`, ignoreReply, { method: 'DELETE' });
}

export function useDeleteTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.all }),
  });
}
