import { describe, expect, it } from 'vitest';
import type { HistorianSeries } from '@roastery/contract';
import { bucketText, resolutionText } from './resolution-text.ts';
import { legendRows } from '../../../lib/legend-rows.ts';
import { trendOption } from './trend-option.ts';

const range = { from: Date.parse('2026-11-28T10:00:00Z'), to: Date.parse('2026-11-28T11:00:00Z') };
const palette = ['#a3501c', '#2f6f9f', '#2e7d3e'];
const zoom = { start: 0, end: 100 };
const head = (key: string, label: string, unit: string) => ({
  key,
  device_id: key.split('/')[0] ?? '',
  label,
  unit,
});

const raw: HistorianSeries = {
  resolution: 'raw',
  from: '2026-11-28T10:00:00Z',
  to: '2026-11-28T11:00:00Z',
  series: [
    {
      ...head('R1/input/5', 'Bean Temperature', '°F'),
      points: [
        { t: '2026-11-28T09:59:00Z', value: 380, quality: 'good' },
        { t: '2026-11-28T10:10:00Z', value: 392.5, quality: 'good' },
      ],
    },
    {
      ...head('R1/binary/2', 'Running', ''),
      points: [{ t: '2026-11-28T10:05:00Z', value: 1, quality: 'good' }],
    },
    {
      ...head('R2/input/5', 'Bean Temperature', '°F'),
      points: [{ t: '2026-11-28T10:20:00Z', value: null, quality: 'offline' }],
    },
  ],
};

describe('the trend chart', () => {
  it('draws raw samples to now, coils as steps, one y-axis per unit', () => {
    const now = Date.parse('2026-11-28T10:30:00Z');
    const option = trendOption({ series: raw, range, now, zoom, palette, width: 1000 });
    const series = option.series as { id: string; data: unknown[]; step?: string }[];
    expect(series.map((s) => s.id)).toEqual(['R1/input/5', 'R1/binary/2', 'R2/input/5']);
    expect(series[0]?.data.at(-1)).toEqual([now, 392.5]);
    expect(series[1]?.step).toBe('end');
    expect(series[0]?.step).toBeUndefined();
    // An unknown value is a gap, not drawn on.
    expect(series[2]?.data).toEqual([[Date.parse('2026-11-28T10:20:00Z'), null]]);
    const axes = option.yAxis as { name: string; position: string }[];
    expect(axes.map((a) => [a.name, a.position])).toEqual([
      ['°F', 'left'],
      ['On/Off', 'right'],
    ]);
  });

  it('shows as many y-axes as the width has room for, two at least', () => {
    const units = ['°F', 'lbs', '%', 'Agtron'];
    const many: HistorianSeries = {
      ...raw,
      series: units.map((unit, i) => ({ ...head(`R1/input/${i}`, `Tag ${i}`, unit), points: [] })),
    };
    const shown = (width: number) =>
      (
        trendOption({ series: many, range, now: range.to, zoom, palette, width }).yAxis as {
          show: boolean;
        }[]
      ).map((a) => a.show);
    expect(shown(390)).toEqual([true, true, false, false]);
    expect(shown(1100)).toEqual([true, true, true, true]);
  });

  it('draws a rollup as its average over the min-max band', () => {
    const rollup: HistorianSeries = {
      resolution: 'rollup',
      from: raw.from,
      to: raw.to,
      bucket_seconds: 300,
      series: [
        {
          ...head('GS1/input/7', 'Scale Weight', 'lbs'),
          buckets: [
            { t: '2026-11-28T10:00:00Z', min: 10, max: 14, avg: 12, last: 13, count: 5 },
            { t: '2026-11-28T10:05:00Z', min: 13, max: 13, avg: 13, last: 13, count: 1 },
          ],
        },
      ],
    };
    const option = trendOption({
      series: rollup,
      range,
      now: range.to,
      zoom,
      palette,
      width: 1000,
    });
    const series = option.series as { id: string; data: unknown[]; stack?: string }[];
    const t0 = Date.parse('2026-11-28T10:00:00Z');
    expect(series.map((s) => [s.id, s.stack])).toEqual([
      ['GS1/input/7#min', 'GS1/input/7'],
      ['GS1/input/7#band', 'GS1/input/7'],
      ['GS1/input/7', undefined],
    ]);
    expect(series[1]?.data[0]).toEqual([t0, 4]);
    expect(series[2]?.data[0]).toEqual([t0, 12, 10, 14]);
  });

  it('says the resolution in words', () => {
    expect(resolutionText(raw)).toBe('every change');
    const rollup = { ...raw, resolution: 'rollup' as const, bucket_seconds: 60, series: [] };
    expect(resolutionText(rollup)).toBe('per minute: min-max band and average');
    expect(bucketText(900)).toBe('15 minutes');
    expect(bucketText(7200)).toBe('2 hours');
    expect(bucketText(86_400)).toBe('day');
  });

  it('wraps the legend to as many rows as its names need, each whole', () => {
    const names = ['R1 Bean Temperature', 'R2 Bean Temperature', 'DS1 Scale Weight'];
    expect(legendRows(names, 1200)).toBe(1);
    expect(legendRows(names, 360)).toBe(2);
    expect(legendRows(names, 300)).toBe(3);
  });
});
