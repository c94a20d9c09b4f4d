import { describe, expect, it } from 'vitest';
import { waitedFor } from './waited-for.ts';

const since = '2026-03-02T09:00:00.000Z';
const after = (seconds: number) => Date.parse(since) + seconds * 1000;

describe('waitedFor', () => {
  it('counts seconds, then minutes and seconds, then hours and minutes', () => {
    expect(waitedFor(since, after(0))).toBe('0 s');
    expect(waitedFor(since, after(45))).toBe('45 s');
    expect(waitedFor(since, after(185))).toBe('3 min 05 s');
    expect(waitedFor(since, after(2 * 3600 + 4 * 60 + 59))).toBe('2 h 04 min');
  });

  it('never shows a negative wait when the clocks disagree', () => {
    expect(waitedFor(since, after(-5))).toBe('0 s');
  });
});
