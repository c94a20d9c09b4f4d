import { describe, expect, it } from 'vitest';
import { formatGreenLot } from './format-green-lot.ts';

describe('formatGreenLot', () => {
  it('states what is known of a lot, a dash when nothing is', () => {
    expect(formatGreenLot(10.5, 700)).toBe('10.5 % · 700 g/L');
    expect(formatGreenLot(12, null)).toBe('12.0 %');
    expect(formatGreenLot(null, 684.6)).toBe('685 g/L');
    expect(formatGreenLot(null, null)).toBe('—');
  });
});
