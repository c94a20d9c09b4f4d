import { describe, expect, test } from 'vitest';
import type { LineSeriesOption } from 'echarts/charts';
import type { MarkLineComponentOption } from 'echarts/components';
import { legendRows } from './legend-rows.ts';
import {
  REFERENCE_BAND_F,
  roastCurveOption,
  temperatureRange,
  type RoastCurveColors,
  type RoastCurvePoint,
} from './roast-curve-option.ts';

const colors: RoastCurveColors = {
  bt: '#a3501c',
  et: '#c0392b',
  ror: '#2f6f9f',
  reference: '#6b625c',
  band: 'rgba(0,0,0,0.1)',
  burner: '#6b4c9a',
  airflow: '#00796b',
  marker: '#6b625c',
  labelBackground: '#ffffff',
};

const samples = (power: boolean): RoastCurvePoint[] =>
  Array.from({ length: 601 }, (_, t) => ({
    t_s: t,
    bt_f: 200 + t / 3,
    et_f: 420,
    ror_f_per_min: t < 30 ? null : t < 120 ? -40 : 20,
    burner_pct: power ? 60 : null,
    airflow_pct: power ? 50 : null,
  }));

const seriesOf = (option: ReturnType<typeof roastCurveOption>) =>
  (Array.isArray(option.series) ? option.series : []) as LineSeriesOption[];

describe('the roast chart', () => {
  test('holds the temperatures with room, on whole 50 °F or 25 °C', () => {
    expect(temperatureRange([200, 410, 425], 'F')).toEqual({ min: 150, max: 450, interval: 50 });
    expect(temperatureRange([], 'F')).toEqual({ min: 100, max: 500, interval: 50 });
    expect(temperatureRange([93.3, 210.1, 218.3], 'C')).toEqual({
      min: 75,
      max: 250,
      interval: 25,
    });
  });

  test('draws the reference with its ±5 °F band, and burner and airflow in a band of their own', () => {
    const option = roastCurveOption({
      samples: samples(true),
      reference: [
        { t_s: 0, bt_f: 400 },
        { t_s: 600, bt_f: 420 },
      ],
      events: {},
      colors,
      unit: 'F',
      width: 1000,
    });
    const series = seriesOf(option);
    expect(series.map((s) => s.id)).toEqual([
      'bt',
      'et',
      'ror',
      'reference',
      'band-low',
      'band',
      'burner',
      'airflow',
    ]);
    const low = series.find((s) => s.id === 'band-low')?.data as [number, number][];
    const band = series.find((s) => s.id === 'band')?.data as [number, number][];
    expect(low[1]).toEqual([600, 420 - REFERENCE_BAND_F]);
    expect(band[1]).toEqual([600, 2 * REFERENCE_BAND_F]);
    expect(series.find((s) => s.id === 'burner')).toMatchObject({ xAxisIndex: 1, yAxisIndex: 2 });
    expect(option.grid).toHaveLength(2);
    // The legend names Reference once, for the line and its band together.
    expect((option.legend as { data: string[] }).data).toEqual([
      'BT',
      'ET',
      'RoR',
      'Reference',
      'Burner',
      'Airflow',
    ]);
  });

  test('labels each event with its time and BT, and the time picked', () => {
    const option = roastCurveOption({
      samples: samples(false),
      reference: null,
      events: {
        turning_point: { t_s: 73, bt_f: 208.4 },
        first_crack: { t_s: 529, bt_f: 391.6 },
        drop: null,
      },
      pickedS: 300,
      colors,
      unit: 'F',
      width: 1000,
    });
    const lines = (seriesOf(option)[0]?.markLine as MarkLineComponentOption).data as {
      xAxis: number;
      label: { formatter: string };
    }[];
    expect(lines.map((l) => [l.xAxis, l.label.formatter])).toEqual([
      [73, 'Turning point 1:13 · 208 °F'],
      [529, 'First crack 8:49 · 392 °F'],
      [300, 'Picked 5:00'],
    ]);
    // No power readings: one grid, and the rate of rise's axis from 0 over its settled values.
    expect(option.grid).toHaveLength(1);
    const axes = option.yAxis as { name: string; min: number; max: number }[];
    expect(axes[1]).toMatchObject({ name: '°F/min', min: 0, max: 30 });
    expect(axes[0]).toMatchObject({ min: 150, max: 450 });
  });

  test('draws in °C when the plant reads °C: values, band, rate of rise, labels and axes', () => {
    const option = roastCurveOption({
      samples: samples(false),
      reference: [
        { t_s: 0, bt_f: 400 },
        { t_s: 600, bt_f: 420 },
      ],
      events: { first_crack: { t_s: 529, bt_f: 391.6 } },
      colors,
      unit: 'C',
      width: 1000,
    });
    const series = seriesOf(option);
    const data = (id: string) => series.find((s) => s.id === id)?.data as [number, number][];
    expect(data('bt')[600]?.[1]).toBeCloseTo(((400 - 32) * 5) / 9, 9);
    expect(data('et')[0]?.[1]).toBeCloseTo(((420 - 32) * 5) / 9, 9);
    // A rate and a band are differences: 5/9 of their °F, without the 32 °F offset.
    expect(data('ror')[200]?.[1]).toBeCloseTo((20 * 5) / 9, 9);
    expect(data('band-low')[1]?.[1]).toBeCloseTo(((420 - 32) * 5) / 9 - (5 * 5) / 9, 9);
    expect(data('band')[1]?.[1]).toBeCloseTo((10 * 5) / 9, 9);
    const lines = (series[0]?.markLine as MarkLineComponentOption).data as {
      label: { formatter: string };
    }[];
    expect(lines.map((l) => l.label.formatter)).toEqual(['First crack 8:49 · 200 °C']);
    const axes = option.yAxis as { name: string; min: number; max: number }[];
    expect(axes[0]).toMatchObject({ name: '°C', min: 75, max: 250 });
    expect(axes[1]).toMatchObject({ name: '°C/min', min: 0, max: 15 });
  });

  test('starts the plot below every row the legend wraps to', () => {
    const names = ['BT', 'ET', 'RoR', 'Reference', 'Burner', 'Airflow'];
    expect(legendRows(names, 1000)).toBe(1);
    expect(legendRows(names, 200)).toBe(3);
    const narrow = roastCurveOption({
      samples: samples(true),
      reference: null,
      events: {},
      colors,
      unit: 'F',
      width: 200,
    });
    const wide = roastCurveOption({
      samples: samples(true),
      reference: null,
      events: {},
      colors,
      unit: 'F',
      width: 1000,
    });
    const top = (option: typeof wide) => (option.grid as { top: number }[])[0]?.top ?? 0;
    expect(top(narrow)).toBeGreaterThan(top(wide));
  });
});
