import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { periodFromSearch, periodToSearch } from './period.ts';

describe('report period in the address', () => {
  it('reads both days inclusive and covers them whole', () => {
    const period = periodFromSearch(new URLSearchParams({ from: '2026-01-05', to: '2026-01-06' }));
    expect(period.from.valueOf()).toBe(dayjs('2026-01-05').startOf('day').valueOf());
    expect(period.to.valueOf()).toBe(dayjs('2026-01-07').startOf('day').valueOf());
    expect(periodToSearch(period)).toEqual({ from: '2026-01-05', to: '2026-01-06' });
  });

  it('falls back to the last 30 days on a missing, unreadable or reversed range', () => {
    const last30 = {
      from: dayjs().subtract(29, 'day').format('YYYY-MM-DD'),
      to: dayjs().format('YYYY-MM-DD'),
    };
    for (const search of [
      '',
      'from=2026-13-01&to=2026-01-02',
      'from=2026-02-30&to=2026-03-02',
      'from=2026-02-01&to=2026-01-01',
    ]) {
      expect(periodToSearch(periodFromSearch(new URLSearchParams(search)))).toEqual(last30);
    }
  });
});
