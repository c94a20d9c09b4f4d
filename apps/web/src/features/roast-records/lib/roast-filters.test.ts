import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { readRoastListParams, roastListQuery, writeRoastListParams } from './roast-filters.ts';

describe('the roast list address', () => {
  test('reads what it wrote', () => {
    const params = {
      roaster: 'R1',
      product: 4,
      order: 12,
      fromDay: '2026-03-01',
      toDay: '2026-03-07',
      compare: [3, 9],
    };
    expect(readRoastListParams(writeRoastListParams(params))).toEqual(params);
  });

  test('drops what is not a filter: bad numbers, days and compared ids', () => {
    const read = readRoastListParams(
      new URLSearchParams('product=x&order=-2&from=2026-13-45&to=yesterday&compare=1,,a,0,5'),
    );
    expect(read).toEqual({
      roaster: undefined,
      product: undefined,
      order: undefined,
      fromDay: undefined,
      toDay: undefined,
      compare: [1, 5],
    });
  });

  test('asks for whole days: from the first day start to the start of the day after the last', () => {
    const query = roastListQuery({ fromDay: '2026-03-01', toDay: '2026-03-01', compare: [] });
    expect(query.from).toBe(dayjs('2026-03-01T00:00:00').toISOString());
    expect(query.to).toBe(dayjs('2026-03-02T00:00:00').toISOString());
  });
});
