import type { ChartOption } from '../../../components/report-chart.tsx';

export interface Series {
  name: string;
  /** Null leaves the bar out: a figure that is not defined. */
  data: (number | null)[];
}

/** Bars per category, one colour per series; stacked when the series add up to a whole. */
export function barChart(
  categories: string[],
  series: Series[],
  options: { stacked?: boolean; unit?: string } = {},
): ChartOption {
  const unit = options.unit ?? 'lbs';
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value) => `${String(value)} ${unit}` },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 8, top: 60, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: categories, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: unit },
    series: series.map((s) => ({
      type: 'bar',
      name: s.name,
      data: s.data,
      ...(options.stacked ? { stack: 'total' } : {}),
    })),
  };
}

/** Sums values into a category x series grid, for rows that name both. */
export function pivot<Row>(
  rows: readonly Row[],
  category: (row: Row) => string,
  series: (row: Row) => string,
  value: (row: Row) => number,
): { categories: string[]; series: Series[] } {
  const categories = [...new Set(rows.map(category))].sort();
  const names = [...new Set(rows.map(series))].sort();
  return {
    categories,
    series: names.map((name) => ({
      name,
      data: categories.map((c) =>
        rows
          .filter((r) => category(r) === c && series(r) === name)
          .reduce((sum, r) => Math.round((sum + value(r)) * 100) / 100, 0),
      ),
    })),
  };
}

/** One figure of a group's roasts, each against the group's mean and its spread. */
export interface AgainstMean {
  /** Each roast's label, in the order they were roasted. */
  categories: string[];
  /** The figure per roast; null where the roast has none (no point drawn). */
  values: (number | null)[];
  mean: number | null;
  /** The sample standard deviation; null below two roasts (no band drawn). */
  sd: number | null;
  /** What the points are, in the legend and tooltip. */
  name: string;
  unit: string;
  /** How a value is written on the axis. */
  format: (value: number) => string;
  /** How a value is written in the tooltip: with its unit, unless it reads as one (9:15). */
  describe: (value: number) => string;
  /** The roasts' colour, then the mean's: the brand palette's first two. */
  colours: readonly [string, string];
}

/** Beyond this many roasts the labels turn, so that each keeps its own room. */
const LABELS_LEVEL_UP_TO = 2;
/** Room each turned label needs across the axis, px: a line of text and its spacing. */
export const PX_PER_ROAST = 32;

/** The least of 1, 2 and 5 times a power of ten that is at least x. */
function niceStep(x: number): number {
  const power = 10 ** Math.floor(Math.log10(x));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= x) ?? 10 * power;
}

/**
 * The value axis when every roast has the same value: ECharts would stretch it over hundreds
 * (100 to 600 °F for a drop at 380), so it spans about 2 % of the value (at least 1) either side,
 * in four round steps around it.
 */
function flatRange(
  values: readonly (number | null)[],
): { min: number; max: number; interval: number } | undefined {
  const known = values.filter((v) => v !== null);
  const [first] = known;
  if (first === undefined || known.some((v) => v !== first)) return undefined;
  const step = niceStep(Math.max(Math.abs(first) * 0.02, 1) / 2);
  return {
    min: Math.floor(first / step) * step - 2 * step,
    max: Math.ceil(first / step) * step + 2 * step,
    interval: step,
  };
}

/**
 * Each roast's value as a point, the group's mean as a dashed line and one standard deviation
 * either side as dotted ones. The value axis fits the values (a drop temperature's spread is a
 * few degrees, not 400); every roast's label is drawn, turned when there are several.
 */
export function againstMeanChart(c: AgainstMean): ChartOption {
  const [roastColour, meanColour] = c.colours;
  const flat = (value: number | null) => c.categories.map(() => value);
  const line = (name: string, value: number, type: 'dashed' | 'dotted') => ({
    type: 'line' as const,
    name,
    data: flat(value),
    symbol: 'none',
    color: meanColour,
    lineStyle: { type, width: type === 'dashed' ? 2 : 1 },
  });
  const { mean, sd } = c;
  return {
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => (typeof value === 'number' ? c.describe(value) : '—'),
    },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: 60, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: c.categories,
      axisLabel: {
        interval: 0,
        hideOverlap: false,
        rotate: c.categories.length > LABELS_LEVEL_UP_TO ? 45 : 0,
      },
    },
    yAxis: {
      type: 'value',
      name: c.unit,
      scale: true,
      ...flatRange(c.values),
      axisLabel: { formatter: (value: number) => c.format(value) },
    },
    series: [
      {
        type: 'line',
        name: c.name,
        data: c.values,
        color: roastColour,
        symbol: 'circle',
        symbolSize: 8,
        lineStyle: { width: 1 },
        connectNulls: false,
      },
      ...(mean === null ? [] : [line('Mean', mean, 'dashed')]),
      ...(mean === null || sd === null
        ? []
        : [
            line('Mean + 1 SD', Math.round((mean + sd) * 100) / 100, 'dotted'),
            line('Mean − 1 SD', Math.round((mean - sd) * 100) / 100, 'dotted'),
          ]),
    ],
  };
}
