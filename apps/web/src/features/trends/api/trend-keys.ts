import type { ZoomWindow } from '../lib/trend-range.ts';

/** Every historian query sits under one key. */
export const trendKeys = {
  all: ['historian'] as const,
  tags: () => [...trendKeys.all, 'tags'] as const,
  /** A range that follows the clock is keyed by its name: its ends are read when it is fetched. */
  series: (tags: readonly string[], range: string, zoom: ZoomWindow) =>
    [...trendKeys.all, 'series', tags.join(','), range, zoom.start, zoom.end] as const,
};
