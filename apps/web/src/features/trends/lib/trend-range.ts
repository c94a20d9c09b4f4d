import { HISTORIAN_MAX_TAGS, historianTagKey } from '@roastery/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The ranges one click away, each ending now. */
export const quickRanges = [
  { key: '15m', label: '15 min', ms: 15 * MINUTE },
  { key: '1h', label: '1 h', ms: HOUR },
  { key: '8h', label: '8 h', ms: 8 * HOUR },
  { key: '24h', label: '24 h', ms: DAY },
  { key: '7d', label: '7 d', ms: 7 * DAY },
  { key: '30d', label: '30 d', ms: 30 * DAY },
] as const;
export type QuickRangeKey = (typeof quickRanges)[number]['key'];

export const DEFAULT_RANGE: QuickRangeKey = '1h';

/** A range that follows the clock (the last hour) or one fixed by its ends (ms since epoch). */
export type TrendRange =
  { kind: 'quick'; key: QuickRangeKey } | { kind: 'custom'; from: number; to: number };

/** What a trend shows, as its address holds it: the tags, then the range. */
export interface TrendSelection {
  tags: string[];
  range: TrendRange;
}

/** The part of the range on screen, in percent of it, as ECharts' dataZoom gives it. */
export interface ZoomWindow {
  start: number;
  end: number;
}

export const WHOLE_RANGE: ZoomWindow = { start: 0, end: 100 };

function isQuickRangeKey(value: string | null): value is QuickRangeKey {
  return quickRanges.some((r) => r.key === value);
}

/** The tags of the address: well-formed keys, each once, at most as many as a query takes. */
export function parseTags(text: string | null): string[] {
  const keys = (text ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => historianTagKey.safeParse(t).success);
  return [...new Set(keys)].slice(0, HISTORIAN_MAX_TAGS);
}

function parseTime(text: string | null): number | undefined {
  if (!text) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Reads a trend off its address; anything missing or unreadable is the last hour. */
export function selectionFromSearch(params: URLSearchParams): TrendSelection {
  const tags = parseTags(params.get('tags'));
  const key = params.get('range');
  const from = parseTime(params.get('from'));
  const to = parseTime(params.get('to'));
  if (from !== undefined && to !== undefined && from < to) {
    return { tags, range: { kind: 'custom', from, to } };
  }
  return { tags, range: { kind: 'quick', key: isQuickRangeKey(key) ? key : DEFAULT_RANGE } };
}

/** The address of a trend: `tags=R1/input/5,R2/input/5&range=1h`, or `from`/`to` in ISO 8601. */
export function selectionToSearch(selection: TrendSelection): Record<string, string> {
  const tags: Record<string, string> =
    selection.tags.length > 0 ? { tags: selection.tags.join(',') } : {};
  const { range } = selection;
  return range.kind === 'quick'
    ? { ...tags, range: range.key }
    : {
        ...tags,
        from: new Date(range.from).toISOString(),
        to: new Date(range.to).toISOString(),
      };
}

/** The range's ends at `now`, to the second. */
export function resolveRange(range: TrendRange, now: number): { from: number; to: number } {
  if (range.kind === 'custom') return { from: range.from, to: range.to };
  const to = Math.floor(now / 1000) * 1000;
  const ms = quickRanges.find((r) => r.key === range.key)?.ms ?? HOUR;
  return { from: to - ms, to };
}

/** The times on screen of a range zoomed to `zoom`, to the second, never empty. */
export function zoomedRange(
  full: { from: number; to: number },
  zoom: ZoomWindow,
): { from: number; to: number } {
  const span = full.to - full.from;
  const from = Math.floor((full.from + (span * zoom.start) / 100) / 1000) * 1000;
  const to = Math.ceil((full.from + (span * zoom.end) / 100) / 1000) * 1000;
  return { from, to: Math.max(to, from + 1000) };
}

/** A trend follows the clock while its range ends now and the end of it is on screen. */
export function isLive(range: TrendRange, zoom: ZoomWindow): boolean {
  return range.kind === 'quick' && zoom.end >= 100;
}

/** Names a range for caches and for the chart: a quick range by its key, a custom one by its ends. */
export function rangeKeyOf(range: TrendRange): string {
  return range.kind === 'quick' ? range.key : `${range.from}-${range.to}`;
}
