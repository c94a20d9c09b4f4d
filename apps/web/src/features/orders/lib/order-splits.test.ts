import { describe, expect, it } from 'vitest';
import { planSplits } from './order-splits.ts';

describe('planSplits', () => {
  it("splits by the product's batch weight, rounding up", () => {
    expect(planSplits(1200, 500)).toEqual({ batchSize: 500, splits: 3 });
    expect(planSplits(1000, 500)).toEqual({ batchSize: 500, splits: 2 });
  });

  it('prefers the override batch size', () => {
    expect(planSplits(1000, 500, 250)).toEqual({ batchSize: 250, splits: 4 });
  });

  it('falls back to a batch of 1 lb without a batch weight', () => {
    expect(planSplits(12.5, null)).toEqual({ batchSize: 1, splits: 13 });
    expect(planSplits(3, 0)).toEqual({ batchSize: 1, splits: 3 });
  });

  it('plans nothing without a positive quantity', () => {
    expect(planSplits(undefined, 500)).toBeUndefined();
    expect(planSplits(0, 500)).toBeUndefined();
  });
});
