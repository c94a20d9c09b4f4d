import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { emptyFilters, toOrderWhere } from './order-filters.ts';

// A Wednesday, mid-month, in the test's local time zone.
const now = dayjs(new Date(2026, 4, 13, 15, 30));
const local = (year: number, month: number, day: number) =>
  new Date(year, month, day).toISOString();

describe('toOrderWhere', () => {
  it('sends nothing for the empty filters', () => {
    expect(toOrderWhere(emptyFilters, now)).toEqual({});
  });

  it('searches the order id for digits, leading zeros stripped', () => {
    expect(toOrderWhere({ ...emptyFilters, search: '000042' }, now)).toEqual({ order_id: 42 });
  });

  it('searches the customer for anything else', () => {
    expect(toOrderWhere({ ...emptyFilters, search: ' Blue Bottle ' }, now)).toEqual({
      order_customer: 'Blue Bottle',
    });
    expect(toOrderWhere({ ...emptyFilters, search: '42a' }, now)).toEqual({
      order_customer: '42a',
    });
  });

  it('searches nothing for zeros or an id beyond int32', () => {
    expect(toOrderWhere({ ...emptyFilters, search: '000' }, now)).toEqual({});
    expect(toOrderWhere({ ...emptyFilters, search: '99999999999' }, now)).toEqual({});
  });

  it('filters by product', () => {
    expect(toOrderWhere({ ...emptyFilters, product: 7 }, now)).toEqual({ order_product: 7 });
  });

  it('turns month and year into half-open calendar ranges', () => {
    const where = toOrderWhere(
      { ...emptyFilters, orderDate: { kind: 'month' }, fulfillmentDate: { kind: 'year' } },
      now,
    );
    expect(where.order_date).toEqual({ gte: local(2026, 4, 1), lt: local(2026, 5, 1) });
    expect(where.fulfillment_date).toEqual({ gte: local(2026, 0, 1), lt: local(2027, 0, 1) });
  });

  it('turns week into the seven days of the current week', () => {
    const range = toOrderWhere({ ...emptyFilters, orderDate: { kind: 'week' } }, now).order_date;
    expect(range).toBeDefined();
    expect(dayjs(range?.lt).diff(dayjs(range?.gte), 'day')).toBe(7);
    expect(dayjs(range?.gte).isAfter(now)).toBe(false);
    expect(dayjs(range?.lt).isAfter(now)).toBe(true);
  });

  it('includes both ends of a custom range', () => {
    const where = toOrderWhere(
      {
        ...emptyFilters,
        fulfillmentDate: {
          kind: 'custom',
          from: dayjs(new Date(2026, 4, 3, 18)),
          to: dayjs(new Date(2026, 4, 5, 9)),
        },
      },
      now,
    );
    expect(where.fulfillment_date).toEqual({ gte: local(2026, 4, 3), lt: local(2026, 4, 6) });
  });
});
