import { describe, expect, it } from 'vitest';
import { formatOrderNumber } from './order-number.ts';

describe('formatOrderNumber', () => {
  it('pads order numbers to six digits', () => {
    expect(formatOrderNumber(42)).toBe('000042');
    expect(formatOrderNumber(1234567)).toBe('1234567');
  });
});
