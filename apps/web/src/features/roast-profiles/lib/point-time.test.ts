import { describe, expect, it } from 'vitest';
import { formatPointTime, parsePointTime } from './point-time.ts';

describe('the time of a reference point', () => {
  it('reads as minutes and seconds since charge', () => {
    expect(formatPointTime(0)).toBe('0:00');
    expect(formatPointTime(465)).toBe('7:45');
    expect(formatPointTime(3_600)).toBe('60:00');
  });

  it('is typed as m:ss or as seconds', () => {
    expect(parsePointTime('7:45')).toBe(465);
    expect(parsePointTime(' 12:05 ')).toBe(725);
    expect(parsePointTime('90')).toBe(90);
    expect(parsePointTime('7:60')).toBeUndefined();
    expect(parsePointTime('7.5')).toBeUndefined();
    expect(parsePointTime('')).toBeUndefined();
  });
});
