import { describe, expect, test } from 'vitest';
import {
  cardParts,
  DEFAULT_MIN_WIDTH,
  SELECTION_WIDTH,
  tableMinWidth,
  type ResponsiveColumn,
} from './columns.ts';

interface Order {
  id: number;
}

const column = (key: string, extra: Partial<ResponsiveColumn<Order>> = {}) => ({
  key,
  title: key,
  render: (row: Order) => row.id,
  ...extra,
});

describe('tableMinWidth', () => {
  test('adds the set widths, the room of the sharing columns, and the actions', () => {
    const columns = [
      column('number', { width: 84, identity: true }),
      column('customer', { minWidth: 130, identity: true }),
      column('product', { minWidth: 130 }),
      column('quantity', { width: 80 }),
    ];
    expect(tableMinWidth(columns, { title: 'Actions', width: 168, render: () => null })).toBe(
      84 + 130 + 130 + 80 + 168,
    );
  });

  test('counts every sharing column at the largest least width, as they share equally', () => {
    const columns = [column('customer', { minWidth: 160 }), column('product')];
    expect(DEFAULT_MIN_WIDTH).toBeLessThan(160);
    expect(tableMinWidth(columns)).toBe(2 * 160);
  });

  test('adds the checkbox column of a table whose rows can be ticked', () => {
    const selection = {
      selected: [],
      onChange: () => undefined,
      label: 'Pick',
      name: () => 'Pick',
    };
    expect(tableMinWidth([column('number', { width: 84 })], undefined, selection)).toBe(
      84 + SELECTION_WIDTH,
    );
  });

  test('leaves out what only the cards show', () => {
    const columns = [
      column('number', { width: 84 }),
      column('status', { width: 90, only: 'card' }),
    ];
    expect(tableMinWidth(columns)).toBe(84);
  });
});

describe('cardParts', () => {
  test('heads the card with the identity columns and labels the rest, minus table-only ones', () => {
    const columns = [
      column('number', { identity: true }),
      column('customer', { identity: true }),
      column('product'),
      column('total', { only: 'table' }),
      column('status', { only: 'card' }),
    ];
    const parts = cardParts(columns);
    expect(parts.head.map((c) => c.key)).toEqual(['number', 'customer']);
    expect(parts.fields.map((c) => c.key)).toEqual(['product', 'status']);
  });
});
