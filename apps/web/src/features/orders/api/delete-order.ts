import { apiRequest, ignoreReply } from '../../../lib/api-client.ts';
import { useOrdersMutation } from './use-orders-mutation.ts';

/** DELETE /order/{id}, the spec's singular path. Processing orders cannot be deleted (409). */
export function deleteOrder(id: number): Promise<void> {
  return apiRequest(`/order/${id}`, ignoreReply, { method: 'DELETE' });
}

export const useDeleteOrder = () => useOrdersMutation(deleteOrder);
