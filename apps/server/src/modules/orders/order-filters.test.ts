import { describe, expect, it } from 'vitest';
import { listFilter, parseWhere, searchFilter } from './order-filters.ts';

describe('the search box', () => {
  it('searches digits as an order number without leading zeros, anything else as a customer', () => {
    expect(searchFilter('000123')).toEqual({ id: 123 });
    expect(searchFilter(' 42 ')).toEqual({ id: 42 });
    expect(searchFilter('000')).toEqual({ none: true });
    expect(searchFilter('99999999999')).toEqual({ none: true });
    expect(searchFilter('Blue Door')).toEqual({ customers: ['Blue Door'] });
    expect(searchFilter('12a')).toEqual({ customers: ['12a'] });
    expect(searchFilter('   ')).toEqual({});
  });
});

describe('the where filter', () => {
  it('maps the allowed fields onto typed values', () => {
    const where = parseWhere(
      JSON.stringify({
        order_customer: 'acme',
        order_product: 3,
        order_date: { gte: '2026-01-01T00:00:00Z', lt: '2026-02-01T00:00:00Z' },
      }),
    );
    expect(listFilter(where, 'shop')).toEqual({
      customers: ['acme', 'shop'],
      productId: 3,
      orderDate: { gte: new Date('2026-01-01T00:00:00Z'), lt: new Date('2026-02-01T00:00:00Z') },
    });
    expect(listFilter(parseWhere('{"order_id":5}'), '6')).toEqual({ none: true });
    expect(listFilter(parseWhere('{"order_id":5}'), '005')).toEqual({ id: 5 });
    expect(parseWhere('')).toEqual({});
  });

  it('refuses anything else, naming the field', () => {
    expect(() => parseWhere('{')).toThrow('The where filter is not valid JSON.');
    expect(() => parseWhere('{"order_status":1}')).toThrow('where: Unrecognized key');
    expect(() => parseWhere('{"order_id":"1; DROP TABLE orders"}')).toThrow('where.order_id');
    expect(() => parseWhere('{"fulfillment_date":{"lt":"2026-13-45"}}')).toThrow(
      'where.fulfillment_date.lt',
    );
  });
});
