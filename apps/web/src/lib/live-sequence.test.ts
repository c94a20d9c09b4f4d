import { describe, expect, it } from 'vitest';
import { LiveSequence } from './live-sequence.ts';

describe('LiveSequence', () => {
  it('sees no gap in numbers one after the other, from wherever a stream starts', () => {
    const sequence = new LiveSequence();
    expect([41, 42, 43, 44].map((seq) => sequence.gapBefore(seq))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('sees a gap once when a number is skipped, then counts on from the new one', () => {
    const sequence = new LiveSequence();
    expect([1, 2, 4, 5, 6].map((seq) => sequence.gapBefore(seq))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
  });

  it('takes a repeated number (a new stream starting at the last one) as no gap', () => {
    const sequence = new LiveSequence();
    expect([7, 7, 8].map((seq) => sequence.gapBefore(seq))).toEqual([false, false, false]);
  });

  it('starts over after a reset, whatever the new stream begins with', () => {
    const sequence = new LiveSequence();
    sequence.gapBefore(3);
    sequence.reset();
    expect(sequence.gapBefore(90)).toBe(false);
    expect(sequence.gapBefore(92)).toBe(true);
  });
});
