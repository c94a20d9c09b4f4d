import { apiRequest, ignoreReply } from '../../../lib/api-client.ts';
import { useOrdersMutation } from './use-orders-mutation.ts';

/**
 * Pauses a running order (Stop: the current batch finishes, the next is held) or resumes it
 * (Cancel). The path keeps the spec's spelling.
 */
export function toggleOrder(id: number): Promise<void> {
  return apiRequest(`/orders/toogle/${id}`, ignoreReply, { method: 'POST' });
}

export const useToggleOrder = () => useOrdersMutation(toggleOrder);
