import type { HistorianSeries } from '@roastery/contract';

/** Whether any tag has a stored value to draw: a sample, or a bucket, in or entering the range. */
export function hasValues(series: HistorianSeries): boolean {
  return series.resolution === 'raw'
    ? series.series.some((s) => s.points.length > 0)
    : series.series.some((s) => s.buckets.length > 0);
}
