import { describe, expect, it } from 'vitest';
import type { TransferBin } from '@roastery/contract';
import {
  beansDiffer,
  limitMessage,
  maxTransferWeight,
  movingBeanIds,
  targetsFor,
} from './transfer-limits.ts';

function bin(id: string, overrides: Partial<TransferBin> = {}): TransferBin {
  return {
    id,
    name: id,
    bean: '',
    bean_id: null,
    beans: [],
    segregations: [],
    binCapacity: 1_000,
    currentWeight: 0,
    isReEntry: false,
    conveyor_id: 'TC1',
    ...overrides,
  };
}

const colombia = { bean_id: 1, bean_name: 'Colombia', lbs: 300 };
const kenya = { bean_id: 2, bean_name: 'Kenya', lbs: 120.456 };

describe('targetsFor', () => {
  it('leaves out the source, re-entry bins and bins on another conveyor', () => {
    const source = bin('GS1');
    const bins = [
      source,
      bin('GS2'),
      bin('REB1', { isReEntry: true }),
      bin('GS3', { conveyor_id: 'TC2' }),
    ];
    expect(targetsFor(bins, source).map((b) => b.id)).toEqual(['GS2']);
    expect(targetsFor(bins, undefined)).toEqual([]);
  });
});

describe('beansDiffer', () => {
  it('warns only when both sides hold beans and they are not the same', () => {
    const target = bin('GS2', { beans: [kenya] });
    expect(beansDiffer([1], target)).toBe(true);
    expect(beansDiffer([2], target)).toBe(false);
    expect(beansDiffer([1, 2], target)).toBe(true);
    expect(beansDiffer([], target)).toBe(false);
    expect(beansDiffer([1], bin('GS3'))).toBe(false);
  });

  it('compares the chosen bean of a re-entry bin, not everything in it', () => {
    const source = bin('REB1', { isReEntry: true, beans: [colombia, kenya] });
    const target = bin('GS2', { beans: [kenya] });
    expect(beansDiffer(movingBeanIds(source, 2), target)).toBe(false);
    expect(beansDiffer(movingBeanIds(source, undefined), target)).toBe(true);
  });
});

describe('maxTransferWeight', () => {
  it('is the smaller of what the source holds and the room in the target', () => {
    const source = bin('GS1', { currentWeight: 300, beans: [colombia] });
    expect(maxTransferWeight(source, undefined, undefined)).toBe(300);
    expect(maxTransferWeight(source, bin('GS2', { currentWeight: 800 }), undefined)).toBe(200);
    expect(maxTransferWeight(source, bin('GS2', { binCapacity: null }), undefined)).toBe(300);
    expect(maxTransferWeight(source, bin('GS2', { currentWeight: 1_200 }), undefined)).toBe(0);
  });

  it("takes the chosen bean's weight from a re-entry bin, rounded down to hundredths", () => {
    const source = bin('REB1', {
      isReEntry: true,
      currentWeight: 420.456,
      beans: [colombia, kenya],
    });
    expect(maxTransferWeight(source, undefined, 2)).toBe(120.45);
    expect(maxTransferWeight(source, undefined, undefined)).toBe(420.45);
  });
});

describe('limitMessage', () => {
  it('names the most, what the source holds and the room the target has, as the server does', () => {
    const source = bin('GS1', { name: 'Green Silo 1', currentWeight: 853.7, beans: [colombia] });
    const target = bin('GS2', { name: 'Green Silo 2', currentWeight: 100 });
    expect(limitMessage(source, target, undefined)).toBe(
      'You can transfer at most 853.7 lbs: Green Silo 1 holds 853.7 lbs; Green Silo 2 has room for 900 lbs.',
    );
    expect(limitMessage(source, bin('GS3', { binCapacity: null }), undefined)).toBe(
      'You can transfer at most 853.7 lbs: Green Silo 1 holds 853.7 lbs.',
    );
  });
});
