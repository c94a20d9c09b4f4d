import type { PackingOrder } from '@roastery/contract';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { formatPackingQuantity } from '../lib/order-status.ts';
import { orderDateColumns, orderHeadColumns } from './order-columns.tsx';

/** Order ID, Customer, Product (recipe popover) and Quantity (lbs, or UNLIMITED). */
export const packingOrderColumns: ResponsiveColumn<PackingOrder>[] = [
  ...orderHeadColumns<PackingOrder>((order) => order.order_status),
  {
    key: 'order_qty',
    title: 'Quantity (lbs)',
    width: 100,
    render: (order) => formatPackingQuantity(order.order_qty),
  },
];

/** The dates of a packing order, as the lists show them. */
export const packingDateColumns = orderDateColumns<PackingOrder>();
