import type { ColumnsType } from 'antd/es/table';
import type { RoastingOrder } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { OrderNumber } from './order-number.tsx';
import { RecipePopover } from './recipe-popover.tsx';

const dash = (value: string | null) => value ?? '—';

/** What every listed order, roasting or packing, shows in its first and last columns. */
interface ListedOrder {
  order_id: number;
  order_customer: string;
  product: RoastingOrder['product'];
  fulfillment_date: string | null;
  order_date: string;
}

/** Order ID (coloured by the status statusOf reads), Customer and Product (recipe popover). */
export function orderHeadColumns<Row extends ListedOrder>(
  statusOf: (order: Row) => number,
): ColumnsType<Row> {
  return [
    {
      title: 'Order ID',
      dataIndex: 'order_id',
      render: (_value, order) => <OrderNumber orderId={order.order_id} status={statusOf(order)} />,
    },
    { title: 'Customer', dataIndex: 'order_customer', render: (value: string) => value || '—' },
    {
      title: 'Product',
      key: 'product',
      render: (_value, order) => <RecipePopover product={order.product} />,
    },
  ];
}

/** The dates of an order, as the lists show them. */
export function orderDateColumns<Row extends ListedOrder>(): ColumnsType<Row> {
  return [
    {
      title: 'Fullfilment Date',
      dataIndex: 'fulfillment_date',
      render: (value: string | null) => <DateText value={value} style="list" />,
    },
    {
      title: 'Order Date',
      dataIndex: 'order_date',
      render: (value: string) => <DateText value={value} style="list" />,
    },
  ];
}

/** The columns every list of roasting orders shares, in the spec's order. */
export const roastingOrderColumns: ColumnsType<RoastingOrder> = [
  ...orderHeadColumns<RoastingOrder>((order) => order.status),
  { title: 'Quantity (lbs)', dataIndex: 'order_qty' },
  { title: 'Total Batch', dataIndex: 'total_split' },
  { title: 'Roaster', dataIndex: 'roast_device_name', render: dash },
  { title: 'Destination', dataIndex: 'destination_device_name', render: dash },
  ...orderDateColumns<RoastingOrder>(),
];
