import dayjs, { type Dayjs } from 'dayjs';
import type { OrderWhere } from '@roastery/contract';
import { parseOrderSearch } from './order-search.ts';

/** A date filter of the pending list: none, the current week, month or year, or a range. */
export type DateFilter =
  | { kind: 'none' }
  | { kind: 'week' | 'month' | 'year' }
  | { kind: 'custom'; from: Dayjs; to: Dayjs };

export interface OrderFilters {
  search: string;
  /** A product id, or undefined for All. */
  product: number | undefined;
  orderDate: DateFilter;
  fulfillmentDate: DateFilter;
}

export const emptyFilters: OrderFilters = {
  search: '',
  product: undefined,
  orderDate: { kind: 'none' },
  fulfillmentDate: { kind: 'none' },
};

/**
 * The half-open range [gte, lt) of a date filter in the plant's local time: the calendar week,
 * month or year that holds now, or the custom days from the first to the last, both included.
 */
export function dateRange(filter: DateFilter, now: Dayjs): { gte: string; lt: string } | undefined {
  switch (filter.kind) {
    case 'none':
      return undefined;
    case 'custom':
      return {
        gte: filter.from.startOf('day').toISOString(),
        lt: filter.to.startOf('day').add(1, 'day').toISOString(),
      };
    default: {
      const start = now.startOf(filter.kind);
      return { gte: start.toISOString(), lt: start.add(1, filter.kind).toISOString() };
    }
  }
}

/** The server's `where` for the filters: only the fields the server's allow-list knows. */
export function toOrderWhere(filters: OrderFilters, now: Dayjs = dayjs()): OrderWhere {
  const where: OrderWhere = { ...parseOrderSearch(filters.search) };
  if (filters.product !== undefined) where.order_product = filters.product;
  const orderDate = dateRange(filters.orderDate, now);
  if (orderDate) where.order_date = orderDate;
  const fulfillmentDate = dateRange(filters.fulfillmentDate, now);
  if (fulfillmentDate) where.fulfillment_date = fulfillmentDate;
  return where;
}
