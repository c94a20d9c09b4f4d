import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** linkId is the id of the product-workflow link, not of the product. */
export function removeWorkflowProduct(linkId: number): Promise<MessageReply> {
  return apiRequest(`/workflow/products/${linkId}`, messageReply, { method: 'DELETE' });
}

export function useRemoveWorkflowProduct(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWorkflowProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.products(workflowId) }),
  });
}
