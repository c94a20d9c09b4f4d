import dayjs, { type Dayjs } from 'dayjs';
import type { RoastingOrder } from '@roastery/contract';
import { toCsv, type CsvCell } from '../../../lib/csv.ts';

/** Dates in the export are calendar days, YYYY-MM-DD, which no spreadsheet reads two ways. */
const exportDate = (value: string | null): string =>
  value === null ? '' : dayjs(value).format('YYYY-MM-DD');

const orderColumns: { header: string; value: (order: RoastingOrder) => CsvCell }[] = [
  { header: 'order_id', value: (order) => order.order_id },
  { header: 'order_customer', value: (order) => order.order_customer },
  { header: 'product_name', value: (order) => order.product_name },
  { header: 'order_qty', value: (order) => order.order_qty },
  { header: 'order_date', value: (order) => exportDate(order.order_date) },
  { header: 'fulfillment_date', value: (order) => exportDate(order.fulfillment_date) },
];

/** The spec's CSV export of the pending list: its six columns, one row per order. */
export function ordersCsv(orders: readonly RoastingOrder[]): string {
  return toCsv(orderColumns, orders);
}

/** 'orders-{timestamp}.csv', the timestamp as YYYYMMDDHHmmss of the plant's local time. */
export function ordersCsvFileName(now: Dayjs = dayjs()): string {
  return `orders-${now.format('YYYYMMDDHHmmss')}.csv`;
}
