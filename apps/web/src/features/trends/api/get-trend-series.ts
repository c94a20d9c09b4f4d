import { useCallback } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { historianSeries, type HistorianSeries } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { seriesInUnit } from '../lib/series-unit.ts';
import {
  isLive,
  rangeKeyOf,
  resolveRange,
  zoomedRange,
  type TrendRange,
  type ZoomWindow,
} from '../lib/trend-range.ts';
import { seriesPath } from './series-path.ts';
import { trendKeys } from './trend-keys.ts';

/** How often a trend that ends now is fetched again. */
export const LIVE_REFRESH_MS = 5_000;

export interface TrendQuery {
  tags: readonly string[];
  range: TrendRange;
  zoom: ZoomWindow;
}

/** A reply with the times it answers: the whole range, the part on screen, and when. */
export interface TrendData {
  range: { from: number; to: number };
  shown: { from: number; to: number };
  now: number;
  series: HistorianSeries;
}

export async function getTrendSeries(query: TrendQuery, signal?: AbortSignal): Promise<TrendData> {
  const now = Date.now();
  const range = resolveRange(query.range, now);
  const shown = zoomedRange(range, query.zoom);
  const series = await apiRequest(seriesPath(query.tags, shown, 'json'), historianSeries, {
    signal,
  });
  return { range, shown, now, series };
}

/**
 * The tags over the part of the range on screen, temperatures in the plant's unit: zoomed in far
 * enough, the server answers with every change instead of rollups. While the range ends now it
 * is fetched every few seconds; the chart keeps the last answer while the next one loads.
 */
export function useTrendSeries(query: TrendQuery) {
  const unit = useTemperatureUnit();
  const select = useCallback(
    (data: TrendData): TrendData => ({ ...data, series: seriesInUnit(data.series, unit) }),
    [unit],
  );
  return useQuery({
    select,
    queryKey: trendKeys.series(query.tags, rangeKeyOf(query.range), query.zoom),
    queryFn: ({ signal }) => getTrendSeries(query, signal),
    enabled: query.tags.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: isLive(query.range, query.zoom) ? LIVE_REFRESH_MS : false,
  });
}
