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
