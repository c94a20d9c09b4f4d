import type { ColumnsType } from 'antd/es/table';
import type { PackingOrder } from '@roastery/contract';
import { formatListDate } from '../../../lib/format-date.ts';
import { formatPackingQuantity } from '../lib/order-status.ts';
import { OrderNumber } from './order-number.tsx';
import { RecipePopover } from './recipe-popover.tsx';

/** Order ID, Customer, Product (recipe popover) and Quantity (lbs, or UNLIMITED). */
export const packingOrderColumns: ColumnsType<PackingOrder> = [
  {
    title: 'Order ID',
    dataIndex: 'order_id',
    render: (_value, order) => <OrderNumber orderId={order.order_id} status={order.order_status} />,
  },
  { title: 'Customer', dataIndex: 'order_customer', render: (value: string) => value || '—' },
  {
    title: 'Product',
    key: 'product',
    render: (_value, order) => <RecipePopover product={order.product} />,
  },
  {
    title: 'Quantity (lbs)',
    dataIndex: 'order_qty',
    render: (value: number | null) => formatPackingQuantity(value),
  },
];

/** The dates of a packing order, as the lists show them. */
export const packingDateColumns: ColumnsType<PackingOrder> = [
  {
    title: 'Fullfilment Date',
    dataIndex: 'fulfillment_date',
    render: (value: string | null) => (value ? formatListDate(value) : '—'),
  },
  {
    title: 'Order Date',
    dataIndex: 'order_date',
    render: (value: string) => formatListDate(value),
  },
];
