import { z } from 'zod';
import { commandKind } from './commands.ts';
import { quality } from './devices.ts';
import { wholeNumber } from './integers.ts';

/**
 * The process historian: every tag's value changes as the plant scanned them, kept raw for a
 * short time and as per-minute rollups for long ranges. A tag is one command of one device,
 * named by its key `<device_id>/<kind>/<command_id>` (device codes hold no '/').
 */

export const historianMessages = {
  tags: 'Choose at least one tag',
  tooManyTags: 'Choose at most 16 tags',
  tagKey: 'A tag is named device/kind/command, e.g. R1/input/12',
  from: 'from must be a date and time (ISO 8601)',
  to: 'to must be a date and time (ISO 8601)',
  order: 'from must be before to',
  maxPoints: 'max_points must be a whole number from 10 to 10,000',
  rawDays: 'Raw samples are kept from 1 to 3,650 days',
  rollupDays: 'Rollups are kept from 1 to 36,500 days',
  rollupLonger: 'Rollups must be kept at least as long as raw samples',
} as const;
const M = historianMessages;

export const HISTORIAN_MAX_TAGS = 16;
export const HISTORIAN_DEFAULT_MAX_POINTS = 3_600;

const tagKeyPattern = /^[A-Za-z0-9_-]{1,32}\/(binary|input)\/\d{1,9}$/;

/** A tag's key, `<device_id>/<kind>/<command_id>`. */
export const historianTagKey = z.string().regex(tagKeyPattern, { error: M.tagKey });

/** The key of a tag: the one way to write it, server and screen. */
export function historianTagKeyOf(tag: {
  device_id: string;
  kind: 'binary' | 'input';
  command_id: number;
}): string {
  return `${tag.device_id}/${tag.kind}/${tag.command_id}`;
}

/** A tag the historian records, as the trend screen lists it. */
export const historianTag = z.object({
  key: z.string(),
  device_id: z.string(),
  device_name: z.string(),
  /** The command's label, e.g. 'Bean Temperature'. */
  label: z.string(),
  /** Engineering unit ('°F', 'lbs', '%'); empty for coils and states. */
  unit: z.string(),
  /** 'binary': a coil (0 or 1); 'input': a register's number. */
  kind: commandKind,
  command_id: z.number().int(),
  /** The smallest change stored, in the tag's unit; 0: any change. */
  deadband: z.number(),
});
export type HistorianTag = z.infer<typeof historianTag>;

const isoTime = (error: string) => z.iso.datetime({ offset: true, error });

/**
 * `GET /api/historian/series` and `/series.csv`: `tags` is a comma-separated list of tag keys.
 * The reply is raw when every second of the range fits in `max_points` (so with the default,
 * ranges up to an hour) and the raw samples of the whole range are still kept; otherwise it is
 * made of the per-minute rollups, merged into wider buckets when there would be more than
 * `max_points` of them.
 */
export const historianSeriesQuery = z
  .strictObject({
    tags: z
      .string({ error: M.tags })
      .transform((s) =>
        s
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t !== ''),
      )
      .pipe(
        z
          .array(historianTagKey)
          .min(1, { error: M.tags })
          .max(HISTORIAN_MAX_TAGS, { error: M.tooManyTags }),
      ),
    from: isoTime(M.from),
    to: isoTime(M.to),
    max_points: z.coerce
      .number({ error: M.maxPoints })
      .pipe(wholeNumber(10, 10_000, M.maxPoints))
      .default(HISTORIAN_DEFAULT_MAX_POINTS),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { error: M.order, path: ['to'] });
export type HistorianSeriesQuery = z.infer<typeof historianSeriesQuery>;

/** A stored sample: the value from `t` on (null while the value was unknown). */
export const historianPoint = z.object({
  t: z.string(),
  value: z.number().nullable(),
  quality,
});
export type HistorianPoint = z.infer<typeof historianPoint>;

/**
 * The good samples from `t` for the reply's `bucket_seconds`: the smallest, the largest, their
 * mean (of the stored samples, not weighted by time), the last one, and how many there were.
 */
export const historianBucket = z.object({
  t: z.string(),
  min: z.number(),
  max: z.number(),
  avg: z.number(),
  last: z.number(),
  count: z.number().int(),
});
export type HistorianBucket = z.infer<typeof historianBucket>;

const seriesOf = { key: z.string(), device_id: z.string(), label: z.string(), unit: z.string() };

export const historianRawSeries = z.object({ ...seriesOf, points: z.array(historianPoint) });
export const historianRollupSeries = z.object({ ...seriesOf, buckets: z.array(historianBucket) });

/**
 * Raw: each tag's samples in the range, and the last one before it (where the line enters).
 * Rollup: buckets of `bucket_seconds` (a whole number of minutes), only those with samples.
 */
export const historianSeries = z.discriminatedUnion('resolution', [
  z.object({
    resolution: z.literal('raw'),
    from: z.string(),
    to: z.string(),
    series: z.array(historianRawSeries),
  }),
  z.object({
    resolution: z.literal('rollup'),
    from: z.string(),
    to: z.string(),
    bucket_seconds: z.number().int(),
    series: z.array(historianRollupSeries),
  }),
]);
export type HistorianSeries = z.infer<typeof historianSeries>;

/** The CSV's columns; a rollup reply's value is the bucket's average. */
export const HISTORIAN_CSV_COLUMNS = ['time', 'device', 'tag', 'value'] as const;

/** How long each tier is kept; whole days of the oldest are dropped at once. */
export const historianRetention = z.object({
  raw_days: z.number().int(),
  rollup_days: z.number().int(),
});
export type HistorianRetention = z.infer<typeof historianRetention>;

export const HISTORIAN_RETENTION_DEFAULTS: HistorianRetention = { raw_days: 30, rollup_days: 730 };

export const updateHistorianRetentionBody = z
  .strictObject({
    raw_days: wholeNumber(1, 3_650, M.rawDays),
    rollup_days: wholeNumber(1, 36_500, M.rollupDays),
  })
  .refine((b) => b.rollup_days >= b.raw_days, { error: M.rollupLonger, path: ['rollup_days'] });
