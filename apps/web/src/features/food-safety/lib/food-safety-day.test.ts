import { describe, expect, it } from 'vitest';
import type { MonitoringRecord } from '@roastery/contract';
import { describeCheck, readDayParam, todayUtc } from './food-safety-day.ts';

describe('the day a food-safety page shows', () => {
  const now = new Date('2026-03-10T23:30:00-05:00');

  it('counts days in UTC and reads a real date from the address, else today', () => {
    expect(todayUtc(now)).toBe('2026-03-11');
    expect(readDayParam(new URLSearchParams('date=2026-02-01'), now)).toBe('2026-02-01');
    expect(readDayParam(new URLSearchParams('date=yesterday'), now)).toBe('2026-03-11');
    expect(readDayParam(new URLSearchParams(''), now)).toBe('2026-03-11');
  });

  it("says a check in the plant's unit with its limit and verdict", () => {
    const record = { min_bt_f: 400 } as MonitoringRecord;
    const kill = {
      criterion: 'time_at_temperature',
      actual: 66.5,
      min: 120,
      max: null,
      met: false,
    } as const;
    expect(describeCheck(kill, record, 'C')).toBe(
      'Kill step: time at temperature 67 s at or above 204 °C (at least 120 s): missed',
    );
    const end = {
      criterion: 'end_temperature',
      actual: 430,
      min: null,
      max: 440,
      met: true,
    } as const;
    expect(describeCheck(end, record, 'F')).toBe('End temperature 430 °F (at most 440 °F): met');
  });
});
