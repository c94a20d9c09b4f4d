import { describe, expect, it } from 'vitest';
import {
  formatPackingQuantity,
  isEditable,
  isStopRoasting,
  orderStatusLook,
} from './order-status.ts';

describe('order status', () => {
  it('names and colours the spec codes, anything else Not Started', () => {
    expect(orderStatusLook(1)).toEqual({ label: 'Processing', color: 'blue' });
    expect(orderStatusLook(2)).toEqual({ label: 'Finished', color: 'green' });
    expect(orderStatusLook(3)).toEqual({ label: 'Packed', color: 'brown' });
    expect(orderStatusLook(11)).toEqual({ label: 'Not Processed', color: 'red' });
    expect(orderStatusLook(0).label).toBe('Not Started');
    expect(orderStatusLook(5).label).toBe('Not Started');
  });

  it('reads Stop Roasting for status 5 or a paused order', () => {
    expect(isStopRoasting({ status: 5, ord_tig: 0 })).toBe(true);
    expect(isStopRoasting({ status: 1, ord_tig: 1 })).toBe(true);
    expect(isStopRoasting({ status: 1, ord_tig: 0 })).toBe(false);
  });

  it('shows UNLIMITED for -1 or no packing quantity', () => {
    expect(formatPackingQuantity(-1)).toBe('UNLIMITED');
    expect(formatPackingQuantity(null)).toBe('UNLIMITED');
    expect(formatPackingQuantity(250)).toBe('250');
  });

  it('allows editing only before the first batch', () => {
    expect(isEditable({ order_qty: 1000, split_qty: 1000 })).toBe(true);
    expect(isEditable({ order_qty: 1000, split_qty: 500 })).toBe(false);
  });
});
