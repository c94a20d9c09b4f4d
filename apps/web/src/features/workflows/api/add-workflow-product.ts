import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowProductList, type WorkflowProduct } from './get-workflow-products.ts';
import { workflowKeys } from './workflow-keys.ts';

export function addWorkflowProduct(
  workflowId: number,
  productId: number,
): Promise<WorkflowProduct[]> {
  return apiRequest('/workflow/products', workflowProductList, {
    method: 'POST',
    body: { workflow_id: workflowId, product_id: productId },
  });
}

export function useAddWorkflowProduct(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => addWorkflowProduct(workflowId, productId),
    onSuccess: (products) => queryClient.setQueryData(workflowKeys.products(workflowId), products),
  });
}
