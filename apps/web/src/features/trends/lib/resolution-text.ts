import type { HistorianSeries } from '@roastery/contract';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A bucket's width in words: 'minute', '5 minutes', 'hour', '2 days'. */
export function bucketText(seconds: number): string {
  const [count, unit] =
    seconds % DAY === 0
      ? [seconds / DAY, 'day']
      : seconds % HOUR === 0
        ? [seconds / HOUR, 'hour']
        : [Math.round(seconds / MINUTE), 'minute'];
  return count === 1 ? unit : `${count} ${unit}s`;
}

/** What the chart draws, as people read it: every stored change, or buckets as bands. */
export function resolutionText(series: HistorianSeries): string {
  return series.resolution === 'raw'
    ? 'every change'
    : `per ${bucketText(series.bucket_seconds)}: min-max band and average`;
}
