import {
  roastingOrder,
  type CreateRoastingOrderBody,
  type RoastingOrder,
  type UpdateRoastingOrderBody,
} from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useOrdersMutation } from './use-orders-mutation.ts';

export function createOrder(body: CreateRoastingOrderBody): Promise<RoastingOrder> {
  return apiRequest('/orders', roastingOrder, { method: 'POST', body });
}

export interface UpdateOrderInput {
  id: number;
  body: UpdateRoastingOrderBody;
}

/** Refused by the server (409) once a batch has started: order_qty no longer equals split_qty. */
export function updateOrder({ id, body }: UpdateOrderInput): Promise<RoastingOrder> {
  return apiRequest(`/orders/${id}`, roastingOrder, { method: 'PUT', body });
}

export const useCreateOrder = () => useOrdersMutation(createOrder);
export const useUpdateOrder = () => useOrdersMutation(updateOrder);
