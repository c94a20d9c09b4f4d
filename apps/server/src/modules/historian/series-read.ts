import {
  historianTagKeyOf,
  plantUnitOf,
  toUnit,
  type HistorianSeries,
  type HistorianSeriesQuery,
  type Quality,
  type TemperatureUnit,
} from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import type { ExportTable } from '../../lib/table-export.ts';
import type { HistorianContext } from './historian-context.ts';
import { planSeries } from './series-plan.ts';
import type { TagRef } from './sample-filter.ts';
import { describeTag } from './tag-list.ts';

const QUALITY_OF: readonly Quality[] = ['good', 'stale', 'offline'];

/** How far before a raw range its entering sample is looked for: beyond any heartbeat. */
const ENTERING_LOOKBACK_MS = 60 * 60_000;

interface SeriesTag {
  ref: TagRef;
  key: string;
  device_id: string;
  label: string;
  unit: string;
  /** Absent when the tag never had a value stored. */
  id?: number;
}

function refOf(key: string): TagRef {
  const [device_id = '', kind, id] = key.split('/');
  return { device_id, kind: kind === 'binary' ? 'binary' : 'input', command_id: Number(id) };
}

/**
 * The tags asked for, as the address map names them; a tag no longer in the map keeps its
 * history under its key. One neither mapped nor ever stored is a 404.
 */
async function resolveTags(ctx: HistorianContext, keys: readonly string[]): Promise<SeriesTag[]> {
  const refs = [...new Set(keys)].map(refOf);
  const [catalog, stored] = await Promise.all([ctx.catalog(), ctx.repo.tags(refs)]);
  const ids = new Map(stored.map((t) => [historianTagKeyOf(t), t.id]));
  return refs.map((ref) => {
    const key = historianTagKeyOf(ref);
    const described = describeTag(catalog, ref);
    const id = ids.get(key);
    if (!described && id === undefined) throw notFound(`Tag ${key} not found.`);
    const name = described ?? { device_id: ref.device_id, label: key, unit: '' };
    return {
      ref,
      key,
      device_id: name.device_id,
      label: name.label,
      unit: name.unit,
      ...(id !== undefined && { id }),
    };
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A series query answered from the raw samples or the rollups, as `planSeries` chooses. */
export async function readSeries(
  ctx: HistorianContext,
  query: HistorianSeriesQuery,
): Promise<HistorianSeries> {
  const tags = await resolveTags(ctx, query.tags);
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  const { rawDays } = await ctx.repo.state();
  const plan = planSeries(from, to, query.max_points, ctx.clock(), rawDays);
  const ids = tags.flatMap((t) => (t.id === undefined ? [] : [t.id]));
  const head = (t: SeriesTag) => ({
    key: t.key,
    device_id: t.device_id,
    label: t.label,
    unit: t.unit,
  });
  if (plan.resolution === 'raw') {
    const [entering, inRange] =
      ids.length === 0
        ? [[], []]
        : await Promise.all([
            ctx.repo.pointsBefore(ids, new Date(from), new Date(from - ENTERING_LOOKBACK_MS)),
            ctx.repo.rawPoints(ids, new Date(from), new Date(to)),
          ]);
    const byTag = groupBy([...entering, ...inRange]);
    return {
      resolution: 'raw',
      from: iso(from),
      to: iso(to),
      series: tags.map((t) => ({
        ...head(t),
        points: (byTag.get(t.id ?? -1) ?? [])
          .sort((a, b) => a.at - b.at)
          .map((p) => ({
            t: iso(p.at),
            value: p.value,
            quality: QUALITY_OF[p.quality] ?? 'offline',
          })),
      })),
    };
  }
  const rows =
    ids.length === 0
      ? []
      : await ctx.repo.buckets(ids, new Date(from), new Date(to), plan.bucketSeconds);
  const byTag = groupBy(rows);
  return {
    resolution: 'rollup',
    from: iso(from),
    to: iso(to),
    bucket_seconds: plan.bucketSeconds,
    series: tags.map((t) => ({
      ...head(t),
      buckets: (byTag.get(t.id ?? -1) ?? []).map(({ at, min, max, avg, last, count }) => ({
        t: iso(at),
        min,
        max,
        avg,
        last,
        count,
      })),
    })),
  };
}

function groupBy<Row extends { tagId: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const byTag = new Map<number, Row[]>();
  for (const row of rows) {
    const list = byTag.get(row.tagId) ?? [];
    list.push(row);
    byTag.set(row.tagId, list);
  }
  return byTag;
}

interface CsvRow {
  t: string;
  device: string;
  tag: string;
  value: number | null;
  unit: string;
}

/**
 * The series as one CSV table: time, device, tag, value (a bucket's value is its average) and
 * its unit; a temperature (stored in °F) in the plant's unit, to the hundredth.
 */
export function seriesTable(series: HistorianSeries, unit: TemperatureUnit): ExportTable<CsvRow> {
  const row = (s: HistorianSeries['series'][number], t: string, value: number | null): CsvRow => {
    const shownUnit = plantUnitOf(s.unit, unit);
    const converted = value !== null && shownUnit !== s.unit;
    return {
      t,
      device: s.device_id,
      tag: s.label,
      // A converted value to the hundredth: its °C is no finer than the tenth of a °F read.
      value: converted ? Math.round(toUnit(value, unit) * 100) / 100 : value,
      unit: shownUnit,
    };
  };
  const rows: CsvRow[] =
    series.resolution === 'raw'
      ? series.series.flatMap((s) => s.points.map((p) => row(s, p.t, p.value)))
      : series.series.flatMap((s) => s.buckets.map((b) => row(s, b.t, b.avg)));
  return {
    name: 'historian',
    columns: [
      { header: 'time', value: (r) => r.t },
      { header: 'device', value: (r) => r.device },
      { header: 'tag', value: (r) => r.tag },
      { header: 'value', value: (r) => r.value },
      { header: 'unit', value: (r) => r.unit },
    ],
    batches: [rows],
  };
}
