/**
 * Historian trend benchmark: how long a trend takes to read on a year of history.
 *
 * One year (`--days`) of per-minute rollups for `--tags` tags (default 4, 525,600 rows each) in the monthly
 * partitions, and the last two days of raw samples each second for the tag that is read, as the
 * historian keeps them. Then, `--samples` times each, the trend screen's two long reads of one
 * tag through the historian service: the last 24 hours (per-minute buckets from the rollups) and
 * 30 days ending at a random day of the year (15-minute buckets). Baseline, in the same run on
 * the same database: the same range's rollup rows fetched bare, with no bucketing or shaping.
 *
 *   npx node bench/historian-trend.ts [--tags 4] [--samples 30] [--days 365]
 *
 * Embedded database by default; with TEST_DATABASE_URL, a PostgreSQL server. JSON on stdout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { historianTagKeyOf } from '@roastery/contract';
import { createTestDatabase, prepareTemplate } from '@roastery/db/testing';
import {
  BEAN_TEMPERATURE,
  historianBench,
  rollupPartition,
  samplePartition,
} from '@roastery/server/testing/historian';
import { latencySummary } from './latency-summary.ts';
import { reported } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    tags: { type: 'string', default: '4' },
    samples: { type: 'string', default: '30' },
    days: { type: 'string', default: '365' },
  },
});
const tagCount = Number(args.tags);
const samples = Number(args.samples);
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** How much history there is: a year unless told (at least 31 days, for the 30-day reads). */
const YEAR_DAYS = Math.max(31, Number(args.days));
/** The historian's clock: the end of the generated year. */
const NOW = Date.UTC(2026, 10, 28);
const YEAR_START = NOW - YEAR_DAYS * DAY_MS;

const iso = (ms: number) => new Date(ms).toISOString();

async function timed(read: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await read();
  return performance.now() - start;
}

const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const database = await createTestDatabase();
try {
  const b = await historianBench(database.db);
  b.at(NOW);
  const others = Array.from({ length: tagCount - 1 }, (_, i) => ({
    device_id: `G${i}`,
    kind: 'input' as const,
    command_id: 1,
  }));
  const stored = await b.repo.ensureTags([BEAN_TEMPERATURE, ...others]);
  const read = stored[0];
  if (!read) throw new Error('no tag stored');
  process.stderr.write(`historian-trend: ${tagCount} tags, a year of rollups, ${database.kind}\n`);
  const generating = performance.now();
  for (let month = YEAR_START; month < NOW; month = rollupPartition(month).to.getTime()) {
    await b.repo.createPartition(rollupPartition(month));
  }
  for (const tag of stored) {
    // A slow daily swing and a faster one: a value that moves, as a probe's would.
    await database.db.execute(sql`
      insert into historian_rollups (tag_id, minute, min, max, avg, last, count)
      select ${tag.id}, m, v - 2, v + 2, v, v + 1, 60
      from generate_series(${iso(YEAR_START)}::timestamptz, ${iso(NOW - MINUTE_MS)}::timestamptz,
        interval '1 minute') as m,
      lateral (select 300 + 80 * sin(extract(epoch from m) / 13751) + 20 * sin(extract(epoch from m) / 600)
        as v) as wave`);
  }
  for (let day = NOW - 2 * DAY_MS; day < NOW; day += DAY_MS) {
    await b.repo.createPartition(samplePartition(day));
    await database.db.execute(sql`
      insert into historian_samples (tag_id, sampled_at, value, quality)
      select ${read.id}, s, 300 + 20 * sin(extract(epoch from s) / 600), 0
      from generate_series(${iso(day)}::timestamptz, ${iso(day + DAY_MS - 1000)}::timestamptz,
        interval '1 second') as s`);
  }
  await b.repo.setFoldedUntil(new Date(NOW));
  await database.db.execute(sql`analyze historian_rollups`);
  await database.db.execute(sql`analyze historian_samples`);
  const generatedSeconds = (performance.now() - generating) / 1000;
  process.stderr.write(`generated in ${Math.round(generatedSeconds)} s\n`);

  const tags = [historianTagKeyOf(BEAN_TEMPERATURE)];
  const trend = (from: number, to: number) =>
    b.historian.series({ tags, from: iso(from), to: iso(to), max_points: 3_600 });
  const bare = (from: number, to: number) =>
    database.db.execute(sql`select minute, min, max, avg, last from historian_rollups
      where tag_id = ${read.id} and minute >= ${iso(from)}::timestamptz
        and minute < ${iso(to)}::timestamptz order by minute`);
  // A random 30 days of the year, the same for the trend and its baseline.
  const ends = Array.from(
    { length: samples },
    () => NOW - Math.floor(Math.random() * (YEAR_DAYS - 30)) * DAY_MS,
  );
  await trend(NOW - DAY_MS, NOW);
  const day = { trend: [] as number[], bare: [] as number[] };
  const month = { trend: [] as number[], bare: [] as number[] };
  for (const end of ends) {
    day.trend.push(await timed(() => trend(NOW - DAY_MS, NOW)));
    day.bare.push(await timed(() => bare(NOW - DAY_MS, NOW)));
    month.trend.push(await timed(() => trend(end - 30 * DAY_MS, end)));
    month.bare.push(await timed(() => bare(end - 30 * DAY_MS, end)));
  }
  const reply = await trend(NOW - 30 * DAY_MS, NOW);
  const summaries = {
    day: { trend: latencySummary(day.trend), bare: latencySummary(day.bare) },
    month: { trend: latencySummary(month.trend), bare: latencySummary(month.bare) },
  };
  const metric = (name: string, of: { trend: number[]; bare: number[] }) =>
    reported(name, latencySummary(of.trend).p95, 'ms', {
      baseline: { name: 'bare rollup rows, p95', value: latencySummary(of.bare).p95, unit: 'ms' },
      database: database.kind,
    });
  console.log(
    JSON.stringify(
      {
        benchmark: 'historian-trend',
        database: database.kind,
        tags: tagCount,
        rollupRows: tagCount * YEAR_DAYS * 1440,
        generatedSeconds: Math.round(generatedSeconds),
        samples,
        monthReply: {
          resolution: reply.resolution,
          bucketSeconds: reply.resolution === 'rollup' ? reply.bucket_seconds : null,
        },
        ms: summaries,
        metrics: [
          metric(`historian.trend-24h.p95.${database.kind}`, day),
          metric(`historian.trend-30d.p95.${database.kind}`, month),
        ],
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
  await removeTemplate();
  await rm(dir, { recursive: true, force: true });
}
