import type { RoastingOrder } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import { orderStatusLook } from '../lib/order-status.ts';
import { OrderNumber } from './order-number.tsx';
import { RecipePopover } from './recipe-popover.tsx';
import styles from './orders.module.css';

/** What every listed order, roasting or packing, shows in its first and last columns. */
interface ListedOrder {
  order_id: number;
  order_customer: string;
  product: RoastingOrder['product'];
  fulfillment_date: string | null;
  order_date: string;
}

// Widths in px that hold their usual content (a date, 'WRB Bin 2') and their heading on two
// lines at most; a longer device name wraps, never cut, as it says where the beans go. The
// customer and the product share what is left, cut with a tooltip when long.
const FREE_TEXT_MIN = 100;

/** Order ID (coloured by the status statusOf reads), Customer and Product (recipe popover). */
export function orderHeadColumns<Row extends ListedOrder>(
  statusOf: (order: Row) => number,
): ResponsiveColumn<Row>[] {
  return [
    {
      key: 'order_id',
      title: 'Order ID',
      width: 84,
      identity: true,
      render: (order) => <OrderNumber orderId={order.order_id} status={statusOf(order)} />,
    },
    {
      key: 'order_customer',
      title: 'Customer',
      minWidth: FREE_TEXT_MIN,
      identity: true,
      render: (order) => <CellText text={order.order_customer || '—'} />,
    },
    {
      key: 'product',
      title: 'Product',
      minWidth: FREE_TEXT_MIN,
      render: (order) => <RecipePopover product={order.product} />,
    },
  ];
}

/** A date on one line: 27/11/20 over 26 would read as another date. */
const listDate = (value: string | null) => (
  <span className={styles.noWrap}>
    <DateText value={value} style="list" />
  </span>
);

/** The dates of an order, as the lists show them. */
export function orderDateColumns<Row extends ListedOrder>(): ResponsiveColumn<Row>[] {
  return [
    {
      key: 'fulfillment_date',
      title: 'Fullfilment Date',
      width: 108,
      render: (order) => listDate(order.fulfillment_date),
    },
    {
      key: 'order_date',
      title: 'Order Date',
      width: 108,
      render: (order) => listDate(order.order_date),
    },
  ];
}

/** The columns every list of roasting orders shares, in the spec's order. */
export const roastingOrderColumns: ResponsiveColumn<RoastingOrder>[] = [
  ...orderHeadColumns<RoastingOrder>((order) => order.status),
  { key: 'order_qty', title: 'Quantity (lbs)', width: 92, render: (order) => order.order_qty },
  { key: 'total_split', title: 'Total Batch', width: 64, render: (order) => order.total_split },
  {
    key: 'roast_device_name',
    title: 'Roaster',
    width: 84,
    render: (order) => order.roast_device_name ?? '—',
  },
  {
    key: 'destination_device_name',
    title: 'Destination',
    width: 112,
    render: (order) => order.destination_device_name ?? '—',
  },
  ...orderDateColumns<RoastingOrder>(),
];

/** A phone's card says in words what the table's order number says by its colour. */
export const orderStatusField: ResponsiveColumn<{ status: number }> = {
  key: 'status_label',
  title: 'Status',
  only: 'card',
  render: (order) => orderStatusLook(order.status).label,
};
