import { orderNumber } from '@roastery/contract';

export { orderNumber };

/** A roasting batch's roasted lot: the order number and the batch's place in it. */
export function roastedLotNumber(orderId: number, seq: number): string {
  return `RST-${orderNumber(orderId)}-${seq}`;
}
