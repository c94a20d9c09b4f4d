import type { ColumnsType } from 'antd/es/table';
import type { PackingOrder } from '@roastery/contract';
import { formatPackingQuantity } from '../lib/order-status.ts';
import { orderDateColumns, orderHeadColumns } from './order-columns.tsx';

/** Order ID, Customer, Product (recipe popover) and Quantity (lbs, or UNLIMITED). */
export const packingOrderColumns: ColumnsType<PackingOrder> = [
  ...orderHeadColumns<PackingOrder>((order) => order.order_status),
  {
    title: 'Quantity (lbs)',
    dataIndex: 'order_qty',
    render: (value: number | null) => formatPackingQuantity(value),
  },
];

/** The dates of a packing order, as the lists show them. */
export const packingDateColumns = orderDateColumns<PackingOrder>();
