import { describe, expect, it } from 'vitest';
import { orderMessages } from '@roastery/contract';
import { splitOrder } from '../../lib/split-order.ts';
import { planOrder } from './batch-plan.ts';

const product = { batch_weight: 300, min_batch_weight: 100, max_batch_weight: 500 };
const byLbs = { quantityField: 'order_qty' as const, override_batch: false };

describe('splitOrder', () => {
  it('splits into ceil(qty / batch) batches whose sum is the order, the last the remainder', () => {
    expect(splitOrder(100_000, 30_000)).toEqual([30_000, 30_000, 30_000, 10_000]);
    expect(splitOrder(90_000, 30_000)).toEqual([30_000, 30_000, 30_000]);
    expect(splitOrder(1, 30_000)).toEqual([1]);
    for (const [qty, batch] of [
      [123_457, 4_999],
      [1_000_000, 333],
      [77, 7],
    ] as const) {
      const planned = splitOrder(qty, batch);
      expect(planned).toHaveLength(Math.ceil(qty / batch));
      expect(planned.reduce((a, b) => a + b, 0)).toBe(qty);
      expect(planned.every((c) => c > 0 && c <= batch)).toBe(true);
    }
  });
});

describe('planOrder', () => {
  it('takes the override, else the product batch size, else one batch no larger than the max', () => {
    expect(planOrder({ ...byLbs, order_qty: 1000 }, product).batchCenti).toBe(30_000);
    expect(
      planOrder({ ...byLbs, order_qty: 1000, override_batch: true, new_split_qty: 250 }, product)
        .plannedCenti,
    ).toEqual([25_000, 25_000, 25_000, 25_000]);
    const noDefault = { ...product, batch_weight: null };
    expect(planOrder({ ...byLbs, order_qty: 420 }, noDefault).plannedCenti).toEqual([42_000]);
    expect(planOrder({ ...byLbs, order_qty: 1200 }, noDefault).plannedCenti).toEqual([
      50_000, 50_000, 20_000,
    ]);
  });

  it('plans by a number of batches when the form asks for one', () => {
    const plan = planOrder(
      { quantityField: 'total_split', total_split: 4, override_batch: false },
      product,
    );
    expect(plan).toEqual({
      qtyCenti: 120_000,
      batchCenti: 30_000,
      plannedCenti: [30_000, 30_000, 30_000, 30_000],
    });
    expect(() =>
      planOrder({ quantityField: 'total_split', override_batch: false }, product),
    ).toThrow(orderMessages.quantity);
  });

  it('refuses an override outside the product bounds, or none at all', () => {
    expect(() => planOrder({ ...byLbs, order_qty: 1000, override_batch: true }, product)).toThrow(
      orderMessages.batchSize,
    );
    expect(() =>
      planOrder(
        { ...byLbs, order_qty: 1000, override_batch: true, new_split_qty: 500.01 },
        product,
      ),
    ).toThrow('between 100.00 lbs and 500.00 lbs');
    expect(
      planOrder({ ...byLbs, order_qty: 1000, override_batch: true, new_split_qty: 500 }, product)
        .plannedCenti,
    ).toEqual([50_000, 50_000]);
  });
});
