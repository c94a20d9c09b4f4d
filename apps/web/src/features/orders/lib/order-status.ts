import { OrderStatus } from '@roastery/contract';

export interface StatusLook {
  label: string;
  /** An antd preset colour for the order number and its tag. */
  color: 'blue' | 'green' | 'brown' | 'red' | 'default';
}

/** The spec's status codes and colours; any other code reads Not Started (grey). */
export function orderStatusLook(status: number): StatusLook {
  switch (status) {
    case OrderStatus.Processing:
      return { label: 'Processing', color: 'blue' };
    case OrderStatus.Finished:
      return { label: 'Finished', color: 'green' };
    case OrderStatus.Packed:
      return { label: 'Packed', color: 'brown' };
    case OrderStatus.NotProcessed:
      return { label: 'Not Processed', color: 'red' };
    default:
      return { label: 'Not Started', color: 'default' };
  }
}

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
