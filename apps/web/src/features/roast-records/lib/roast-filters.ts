import dayjs from 'dayjs';
import type { RoastRecordFilters } from '../api/roast-record-keys.ts';

/** The list's filters as the address holds them: days as YYYY-MM-DD, in the browser's zone. */
export interface RoastListParams {
  roaster?: string | undefined;
  product?: number | undefined;
  order?: number | undefined;
  fromDay?: string | undefined;
  toDay?: string | undefined;
  /** The records overlaid in the compare view. */
  compare: number[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function positive(text: string | null): number | undefined {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : undefined;
}

function day(text: string | null): string | undefined {
  return text && DAY.test(text) && dayjs(text).format('YYYY-MM-DD') === text ? text : undefined;
}

export function readRoastListParams(search: URLSearchParams): RoastListParams {
  return {
    roaster: search.get('roaster') || undefined,
    product: positive(search.get('product')),
    order: positive(search.get('order')),
    fromDay: day(search.get('from')),
    toDay: day(search.get('to')),
    compare: (search.get('compare') ?? '').split(',').flatMap((part) => positive(part) ?? []),
  };
}

export function writeRoastListParams(params: RoastListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.roaster) search.set('roaster', params.roaster);
  if (params.product) search.set('product', String(params.product));
  if (params.order) search.set('order', String(params.order));
  if (params.fromDay) search.set('from', params.fromDay);
  if (params.toDay) search.set('to', params.toDay);
  if (params.compare.length > 0) search.set('compare', params.compare.join(','));
  return search;
}

/**
 * The server's query for the address's filters: the days picked, whole, from the first day's
 * start to the end of the last one.
 */
export function roastListQuery(params: RoastListParams): RoastRecordFilters {
  return {
    roaster: params.roaster,
    product_id: params.product,
    order_id: params.order,
    from: params.fromDay ? dayjs(params.fromDay).startOf('day').toISOString() : undefined,
    to: params.toDay ? dayjs(params.toDay).add(1, 'day').startOf('day').toISOString() : undefined,
  };
}
