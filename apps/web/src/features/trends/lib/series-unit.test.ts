import { describe, expect, it } from 'vitest';
import type { HistorianSeries } from '@roastery/contract';
import { seriesInUnit } from './series-unit.ts';

const head = { device_id: 'R1', label: 'Bean Temperature' };

describe('a trend in the plant’s unit', () => {
  it('shows a °F tag’s samples in °C, and leaves a tag in another unit as it is', () => {
    const raw: HistorianSeries = {
      resolution: 'raw',
      from: '2026-03-10T00:00:00Z',
      to: '2026-03-10T01:00:00Z',
      series: [
        {
          ...head,
          key: 'R1/input/1',
          unit: '°F',
          points: [{ t: 'a', value: 212, quality: 'good' }],
        },
        {
          ...head,
          key: 'R1/input/2',
          unit: 'lbs',
          points: [{ t: 'a', value: 212, quality: 'good' }],
        },
      ],
    };
    const shown = seriesInUnit(raw, 'C');
    expect(shown.series.map((s) => s.unit)).toEqual(['°C', 'lbs']);
    expect(shown.resolution === 'raw' && shown.series.map((s) => s.points[0]?.value)).toEqual([
      100, 212,
    ]);
    expect(seriesInUnit(raw, 'F')).toEqual(raw);
  });

  it('converts each figure of a rollup bucket', () => {
    const rollup: HistorianSeries = {
      resolution: 'rollup',
      from: '2026-03-10T00:00:00Z',
      to: '2026-03-11T00:00:00Z',
      bucket_seconds: 60,
      series: [
        {
          ...head,
          key: 'R1/input/1',
          unit: '°F',
          buckets: [{ t: 'a', min: 32, max: 212, avg: 122, last: 50, count: 4 }],
        },
      ],
    };
    const shown = seriesInUnit(rollup, 'C');
    expect(shown.resolution === 'rollup' && shown.series[0]?.buckets[0]).toEqual({
      t: 'a',
      min: 0,
      max: 100,
      avg: 50,
      last: 10,
      count: 4,
    });
  });
});
