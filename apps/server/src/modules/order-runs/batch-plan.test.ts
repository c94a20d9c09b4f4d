import { describe, expect, it } from 'vitest';
import { apportion } from '../inventory/weights.ts';
import { StockPlanner, beanShares, withAllowance, type StockHolding } from './batch-plan.ts';

const colombia = { beanId: 1, beanName: 'Colombia', ratio: 60 };
const brazil = { beanId: 2, beanName: 'Brazil', ratio: 40 };

let seq = 0;
const lot = (deviceRef: number, beanId: number, lbs: number): StockHolding => ({
  seq: (seq += 1),
  deviceRef,
  deviceCode: `GS${deviceRef}`,
  beanId,
  centiLbs: lbs * 100,
});

describe('apportion', () => {
  it('splits a total exactly, largest remainder first, earlier weight on a tie', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(1001, [60, 40])).toEqual([601, 400]);
    expect(apportion(7, [0, 0])).toEqual([7, 0]);
    expect(apportion(0, [3, 4])).toEqual([0, 0]);
    // Hundredths of large weights times a total pass 2^53; the split stays exact.
    const parts = apportion(99_999_999, [99_999_997, 3, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(99_999_999);
    expect(() => apportion(-1, [1])).toThrow(RangeError);
  });
});

describe('batch planning', () => {
  it("splits a batch by the recipe's ratios to the hundredth", () => {
    expect(beanShares(33_333, [colombia, brazil])).toEqual([20_000, 13_333]);
    expect(
      beanShares(10_001, [
        { ...colombia, ratio: 33.33 },
        { ...brazil, ratio: 66.67 },
      ]),
    ).toEqual([3_333, 6_668]);
  });

  it('draws each bean from the silo with the oldest lot first, then the next', () => {
    const holdings = [lot(2, 1, 100), lot(1, 1, 500), lot(3, 2, 500)];
    const planner = new StockPlanner(holdings);
    // GS2's lot arrived first: it gives what it can (less the cleaner's allowance), GS1 the rest.
    expect(planner.plan(30_000, [colombia, brazil])).toEqual([
      { deviceRef: 2, deviceCode: 'GS2', beanId: 1, plannedCenti: 9_900 },
      { deviceRef: 1, deviceCode: 'GS1', beanId: 1, plannedCenti: 8_100 },
      { deviceRef: 3, deviceCode: 'GS3', beanId: 2, plannedCenti: 12_000 },
    ]);
    expect(withAllowance(9_900)).toBe(9_999);
    // What the first batch reserved is not planned again.
    expect(planner.plan(30_000, [colombia, brazil])).toEqual([
      { deviceRef: 1, deviceCode: 'GS1', beanId: 1, plannedCenti: 18_000 },
      { deviceRef: 3, deviceCode: 'GS3', beanId: 2, plannedCenti: 12_000 },
    ]);
  });

  it('prefers the silo a person chose, and never draws from a silo holding several beans', () => {
    const holdings = [lot(1, 1, 500), lot(2, 1, 500), lot(4, 1, 900), lot(4, 2, 900)];
    expect(new StockPlanner(holdings, 'GS2').plan(10_000, [colombia])?.[0]?.deviceCode).toBe('GS2');
    const planner = new StockPlanner(holdings);
    expect(planner.held(1)).toBe(100_000);
    expect(planner.beansIn('GS4')).toEqual([1, 2]);
    expect(planner.plan(10_000, [brazil])).toBeUndefined();
  });

  it('reports each short bean over all remaining batches, allowance included', () => {
    const planner = new StockPlanner([lot(1, 1, 500), lot(2, 2, 100)]);
    const { plans, shortfalls } = planner.planAll([30_000, 30_000, 30_000], [colombia, brazil]);
    expect(plans).toHaveLength(0);
    expect(shortfalls).toEqual([
      {
        beanId: 1,
        beanName: 'Colombia',
        neededCenti: withAllowance(54_000),
        availableCenti: 50_000,
      },
      { beanId: 2, beanName: 'Brazil', neededCenti: withAllowance(36_000), availableCenti: 10_000 },
    ]);
    const enough = new StockPlanner([lot(1, 1, 1000), lot(2, 2, 1000)]).planAll(
      [30_000, 30_000, 30_000],
      [colombia, brazil],
    );
    expect(enough.shortfalls).toEqual([]);
    expect(enough.plans.flat().reduce((sum, d) => sum + d.plannedCenti, 0)).toBe(90_000);
  });
});
