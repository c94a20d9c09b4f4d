import type { PriorityBody } from '@roastery/contract';
import { apiRequest, ignoreReply } from '../../../lib/api-client.ts';
import { useOrdersMutation } from './use-orders-mutation.ts';

/** Saves the roasting board: each priority column's order ids, top to bottom. */
export function saveOrderPriority(body: PriorityBody): Promise<void> {
  return apiRequest('/orders/priority', ignoreReply, { method: 'POST', body });
}

/** Saves the packing board the same way. */
export function savePackingPriority(body: PriorityBody): Promise<void> {
  return apiRequest('/orders/packing/priority', ignoreReply, { method: 'POST', body });
}

export const useSaveOrderPriority = () => useOrdersMutation(saveOrderPriority);
export const useSavePackingPriority = () => useOrdersMutation(savePackingPriority);
