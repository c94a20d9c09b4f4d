import { OrderStatus } from '@roastery/contract';

export { orderStatusLook, type StatusLook } from '../../../lib/order-status.ts';

/** On the roasting tab, status 5 or a paused order (ord_tig 1) reads 'Stop Roasting' (red). */
export function isStopRoasting(order: { status: number; ord_tig: 0 | 1 }): boolean {
  return order.status === OrderStatus.Paused || order.ord_tig === 1;
}

/** Quantity of a packing order: -1 or none means pack until the bins are empty. */
export function formatPackingQuantity(quantity: number | null | undefined): string {
  return quantity === undefined || quantity === null || quantity === -1
    ? 'UNLIMITED'
    : String(quantity);
}

/** An order can be edited only while no batch has started: order_qty equals split_qty. */
export function isEditable(order: { order_qty: number; split_qty: number }): boolean {
  return order.order_qty === order.split_qty;
}
