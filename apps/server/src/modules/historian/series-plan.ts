/**
 * Which tier answers a series query. Raw when every second of the range fits in the points
 * asked for (a tag stored each second, a roaster's during a batch, still fits) and the raw
 * samples of the whole range are still kept; otherwise the per-minute rollups, merged into
 * buckets of a round number of minutes so that there are at most `maxPoints` per tag.
 */
export type SeriesPlan = { resolution: 'raw' } | { resolution: 'rollup'; bucketSeconds: number };

const DAY_MS = 86_400_000;

/** Bucket widths in minutes: each divides a day, so buckets line up with days and hours. */
const ROUND_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440];

export function planSeries(
  from: number,
  to: number,
  maxPoints: number,
  now: number,
  rawDays: number,
): SeriesPlan {
  const seconds = (to - from) / 1000;
  if (seconds <= maxPoints && from >= now - rawDays * DAY_MS) return { resolution: 'raw' };
  const minutes = Math.ceil(seconds / 60 / maxPoints);
  const round = ROUND_MINUTES.find((m) => m >= minutes) ?? Math.ceil(minutes / 1440) * 1440;
  return { resolution: 'rollup', bucketSeconds: round * 60 };
}
