import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { numberRange, numberRangeError, rangeMessage } from './number-range.ts';

/** What the form does with the rule: resolves when the value passes, rejects with the message. */
async function check(rule: RuleObject, value: unknown): Promise<void> {
  await rule.validator?.(rule, value, () => undefined);
}

describe('rangeMessage', () => {
  it('states both bounds with the unit, grouped as the plant writes numbers', () => {
    expect(rangeMessage({ min: 0.01, max: 100_000, unit: 'lbs' })).toBe(
      'Must be between 0.01 and 100,000 lbs.',
    );
    expect(rangeMessage({ min: 1, max: 100, unit: '%' })).toBe('Must be between 1 and 100%.');
    expect(rangeMessage({ min: 1, max: 5, integer: true })).toBe(
      'Must be a whole number between 1 and 5.',
    );
  });

  it('states a single bound, and whole numbers alone', () => {
    expect(rangeMessage({ min: 1, integer: true })).toBe('Must be a whole number, at least 1.');
    expect(rangeMessage({ max: 5_000, unit: 'lbs' })).toBe('Must be at most 5,000 lbs.');
    expect(rangeMessage({ integer: true })).toBe('Must be a whole number.');
  });
});

describe('numberRangeError', () => {
  const weight = { min: 0.01, max: 853.7, unit: 'lbs' };

  it('passes the bounds themselves and anything between', () => {
    expect(numberRangeError(0.01, weight)).toBeUndefined();
    expect(numberRangeError(853.7, weight)).toBeUndefined();
    expect(numberRangeError(400, weight)).toBeUndefined();
  });

  it('refuses a value beyond either bound with the stated range', () => {
    expect(numberRangeError(99_999, weight)).toBe('Must be between 0.01 and 853.7 lbs.');
    expect(numberRangeError(0, weight)).toBe('Must be between 0.01 and 853.7 lbs.');
    expect(numberRangeError(-5, { min: 0 })).toBe('Must be at least 0.');
  });

  it('refuses a fraction where only whole numbers fit, rather than rounding it', () => {
    expect(numberRangeError(2.5, { min: 1, max: 1000, integer: true })).toBe(
      'Must be a whole number between 1 and 1,000.',
    );
    expect(numberRangeError(3, { min: 1, max: 1000, integer: true })).toBeUndefined();
  });

  it("uses the field's own message when it has one", () => {
    const message = 'Occupancy cannot exceed the capacity of 5,000 lbs.';
    expect(numberRangeError(5_000.5, { min: 0, max: 5_000, message })).toBe(message);
  });

  it('leaves an empty field to the required rule, and refuses what is not a finite number', () => {
    expect(numberRangeError(null, weight)).toBeUndefined();
    expect(numberRangeError(undefined, weight)).toBeUndefined();
    expect(numberRangeError(Number.NaN, {})).toBe('Must be a number.');
    expect(numberRangeError(Number.POSITIVE_INFINITY, { min: 0 })).toBe('Must be at least 0.');
  });
});

describe('numberRange', () => {
  const rule = numberRange({ min: 1, max: 100, unit: '%' });

  it('rejects an out-of-range number with the message, for the form to show', async () => {
    await expect(check(rule, 150)).rejects.toThrow('Must be between 1 and 100%.');
    await expect(check(rule, 0.5)).rejects.toThrow('Must be between 1 and 100%.');
  });

  it('resolves for a number in range and for an empty field', async () => {
    await expect(check(rule, 40)).resolves.toBeUndefined();
    await expect(check(rule, null)).resolves.toBeUndefined();
    await expect(check(rule, undefined)).resolves.toBeUndefined();
  });
});
