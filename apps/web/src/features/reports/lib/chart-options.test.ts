import { describe, expect, it } from 'vitest';
import { againstMeanChart, type AgainstMean } from './chart-options.ts';

const drops: AgainstMean = {
  categories: ['000042 · batch 1', '000042 · batch 2', '000042 · batch 3'],
  values: [401.5, 404, null],
  mean: 402.75,
  sd: 1.77,
  name: 'Drop',
  unit: '°F',
  format: (value) => value.toFixed(1),
  describe: (value) => `${value.toFixed(1)} °F`,
  colours: ['#a3501c', '#2f6f9f'],
};

type Line = { name: string; data: (number | null)[]; color: string };

describe('each roast against the mean', () => {
  it('draws the roasts as points, the mean dashed and one deviation either side dotted', () => {
    const option = againstMeanChart(drops);
    const series = option.series as unknown as Line[];
    expect(series.map((s) => [s.name, s.data, s.color])).toEqual([
      ['Drop', [401.5, 404, null], '#a3501c'],
      ['Mean', [402.75, 402.75, 402.75], '#2f6f9f'],
      ['Mean + 1 SD', [404.52, 404.52, 404.52], '#2f6f9f'],
      ['Mean − 1 SD', [400.98, 400.98, 400.98], '#2f6f9f'],
    ]);
    // The axis fits the spread rather than start at 0.
    expect(option.yAxis).toMatchObject({ scale: true, name: '°F' });
  });

  it('writes every roast on the axis, turned once there are several', () => {
    const axis = (categories: string[]) =>
      againstMeanChart({ ...drops, categories, values: categories.map(() => 400) }).xAxis;
    expect(axis(drops.categories)).toMatchObject({
      data: drops.categories,
      axisLabel: { interval: 0, hideOverlap: false, rotate: 45 },
    });
    expect(axis(['Roast #1', 'Roast #2'])).toMatchObject({
      axisLabel: { interval: 0, hideOverlap: false, rotate: 0 },
    });
  });

  it('draws no band for one roast, and no mean where no roast has the figure', () => {
    const one = againstMeanChart({ ...drops, categories: ['Roast #1'], values: [380], sd: null });
    expect((one.series as unknown as Line[]).map((s) => s.name)).toEqual(['Drop', 'Mean']);
    // One value keeps an axis of a few degrees around it, not hundreds.
    expect(one.yAxis).toMatchObject({ min: 370, max: 390, interval: 5 });
    const colour = againstMeanChart({ ...drops, values: [61, null, 61], sd: null }).yAxis;
    expect(colour).toMatchObject({ min: 59, max: 63, interval: 1 });
    expect(againstMeanChart(drops).yAxis).not.toHaveProperty('min');
    const none = againstMeanChart({ ...drops, values: [null, null, null], mean: null, sd: null });
    expect((none.series as unknown as Line[]).map((s) => s.name)).toEqual(['Drop']);
  });

  it('writes values in the figure’s own way, on the axis and in the tooltip', () => {
    const time = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    const option = againstMeanChart({ ...drops, unit: 'm:ss', format: time, describe: time });
    const yAxis = option.yAxis as unknown as {
      axisLabel: { formatter: (value: number) => string };
    };
    expect(yAxis.axisLabel.formatter(540)).toBe('9:00');
    const tooltip = option.tooltip as unknown as { valueFormatter: (value: unknown) => string };
    expect(tooltip.valueFormatter(555)).toBe('9:15');
    expect(
      (againstMeanChart(drops).tooltip as unknown as typeof tooltip).valueFormatter(401.5),
    ).toBe('401.5 °F');
    expect(tooltip.valueFormatter(null)).toBe('—');
  });
});
