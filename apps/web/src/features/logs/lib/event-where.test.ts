import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { currentMonth, whereOf } from './event-where.ts';

describe('the events filter', () => {
  it('defaults to the current month, first to last day', () => {
    const [from, to] = currentMonth(dayjs('2026-02-17T10:30:00'));
    expect(from.format('YYYY-MM-DD HH:mm')).toBe('2026-02-01 00:00');
    expect(to.format('YYYY-MM-DD')).toBe('2026-02-28');
  });

  it('sends only what is set, the range up to the start of the day after its last day', () => {
    const range = currentMonth(dayjs('2026-02-17T10:30:00'));
    expect(whereOf({ device: undefined, text: '  ', range: null })).toEqual({});
    expect(whereOf({ device: 'R1', text: ' drum ', range })).toEqual({
      device_id: 'R1',
      search: 'drum',
      event_time: {
        gte: dayjs('2026-02-01T00:00:00').toISOString(),
        lt: dayjs('2026-03-01T00:00:00').toISOString(),
      },
    });
  });
});
