import {
  beanMatchReply,
  checkBeansReply,
  startOrderReply,
  startWithDevicesReply,
  type CheckBeansReply,
} from '@roastery/contract';
import { apiRequest, ignoreReply } from '../../../lib/api-client.ts';
import { useOrdersMutation } from './use-orders-mutation.ts';

/** Whether the silos hold every bean the order's remaining batches need, and where not. */
export function checkBeans(body: {
  order_id: number;
  start_device?: string;
}): Promise<CheckBeansReply> {
  return apiRequest('/orders/check-beans', checkBeansReply, { method: 'POST', body });
}

/** Whether the chosen start silo holds the order's beans. */
export async function checkBeanMatch(body: {
  order_id: number;
  start_device: string;
}): Promise<boolean> {
  const reply = await apiRequest('/orders/bean-match', beanMatchReply, { method: 'POST', body });
  return reply.same_bean;
}

/** A dump station request for the beans the order misses in one silo (the dump screen lists it). */
export function createOrderDumpRequest(body: { order_id: number; device_id: string }) {
  return apiRequest('/orders/dump-request', ignoreReply, { method: 'POST', body });
}

/** Starts the order on its rule; the reply names the screen that follows the roasting path. */
export function startOrder(body: { order_id: number; rule?: number; allow_mixed_bin?: boolean }) {
  return apiRequest('/orders/start', startOrderReply, { method: 'PUT', body });
}

export interface StartWithDevicesInput {
  order_id: number;
  startDevice: string;
  roasterId: string;
  endDevice: string;
  splitAmount?: number;
  start_all: boolean;
  devicePosition?: number;
  /** The roasting path chosen, while paths are defined. */
  path_id?: number;
  /** The supervisor confirmed roasting into a bin that holds another product. */
  allow_mixed_bin?: boolean;
}

/** Starts the order along devices chosen by hand. */
export function startWithDevices(body: StartWithDevicesInput) {
  return apiRequest('/orders/flow', startWithDevicesReply, { method: 'POST', body });
}

export const useStartOrder = () => useOrdersMutation(startOrder);
export const useStartWithDevices = () => useOrdersMutation(startWithDevices);
