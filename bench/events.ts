/**
 * Events log benchmark, with a log of one million events over one month: the time of the log's
 * queries (a page of the month, a text search, a device, a page deep in the month), each beside
 * the bare SQL of the same page; the text searches and the cost of writing one event without the
 * trigram index and with it, and the time to build it over the log; and the throughput of the
 * CSV and XLS exports of every row, streamed over HTTP, beside a bare walk of the same rows
 * through the database alone, with the process's resident memory while each export runs.
 *
 *   node bench/events.ts [--rows 1000000] [--samples 20] [--skip-exports]
 *
 * Embedded database by default; with TEST_DATABASE_URL, a PostgreSQL server. JSON on stdout.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { Role, type EventExportFormat } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { startTestServer, seedDemoPlant } from '@roastery/server/testing';
import { atLeast, atMost, reported, type MetricRecord } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '20' },
    // The queries alone, without the exports of every row (minutes at a million rows).
    'skip-exports': { type: 'boolean', default: false },
  },
});
const rows = Number(args.rows);
const samples = Number(args.samples);
const round = (n: number) => Math.round(n * 100) / 100;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  return { median: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1) ?? NaN) };
}

/** Times `task` `samples` times after one untimed run, each after an untimed `before`. */
async function timeIt(
  task: () => Promise<unknown>,
  before?: () => Promise<unknown>,
): Promise<ReturnType<typeof stats>> {
  await task();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    await before?.();
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  return stats(times);
}

/** Peak resident memory while a task runs, sampled every 50 ms, in MB above the start. */
async function withPeakRss<T>(task: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const result = await task();
    return { result, peakMb: round((peak - start) / 1_048_576) };
  } finally {
    clearInterval(timer);
  }
}

const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const t = await startTestServer();
try {
  const { db } = t.database;
  await seedDemoPlant(db, t.services.plant);
  // The text index is built after the fill, as the migration builds it over an existing log; the
  // searches run without it first, then with it, in the same run.
  const [textIndex] = (
    (await db.execute(
      sql`select indexdef from pg_indexes where indexname = 'events_text_trgm_idx'`,
    )) as unknown as { rows: { indexdef: string }[] }
  ).rows;
  if (!textIndex) throw new Error('the events text index is missing');
  await db.execute(sql`drop index events_text_trgm_idx`);
  const fill = performance.now();
  // A month of events across the demo plant's devices, the kinds the log records.
  await db.execute(sql`
    insert into events (device_ref, device_name, event_description, kind, user_name, event_time)
    select d.id, d.device_name,
           case g % 4 when 0 then 'Inlet Gate set to 1: ok' when 1 then 'Alarm 3: motor overload'
                      when 2 then 'Drum speed set to ' || (g % 90) || ': ok' else 'Dump ' || g || ': completed' end,
           case g % 4 when 0 then 'plc-write' when 1 then 'alarm' when 2 then 'plc-write' else 'dump' end,
           'Bench User',
           timestamptz '2026-03-01 00:00:00+00' + (g * interval '2.592 second')
    from generate_series(1, ${rows}) g
    join lateral (select id, device_name from devices where not virtual
                  order by id offset (g % 10) limit 1) d on true`);
  await db.execute(sql`analyze events`);
  const fillSeconds = round((performance.now() - fill) / 1000);
  const [device] = (
    (await db.execute(
      sql`select device_id from devices where not virtual order by id limit 1`,
    )) as unknown as {
      rows: { device_id: string }[];
    }
  ).rows;

  const token = await t.tokenFor(Role.Supervisor);
  const post = (path: string, body: object) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const month = { gte: '2026-03-01T00:00:00.000Z', lt: '2026-04-01T00:00:00.000Z' };
  const request = async (where: object, n: number) => {
    const res = await post('/api/event', { where, page: n, limit: 10 });
    if (!res.ok) throw new Error(`POST /api/event answered ${res.status}`);
    await res.json();
  };
  // An event recorded (now, outside the month) ends the sharing of every page of the log, so each
  // sample is a read of the database, as the first screen to poll after an event sees it.
  const recordOne = () =>
    t.services.eventLog.record({
      kind: 'plc-write',
      deviceName: 'Roaster 1',
      description: 'Drum speed set to 40: ok',
    });
  const freshPage = (where: object, n = 1) => timeIt(() => request(where, n), recordOne);
  const bare =
    (where: ReturnType<typeof sql>, offset = 0) =>
    () =>
      db.execute(sql`select e.*, (select count(*) from events e where ${where}) as total
                   from events e where ${where}
                   order by event_time desc, event_id desc limit 10 offset ${offset}`);
  const inMonth = sql`e.event_time >= ${month.gte}::timestamptz and e.event_time < ${month.lt}::timestamptz`;
  const deepPage = Math.floor(rows / 20);
  const inserts = async () => {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      await t.services.eventLog.record({
        kind: 'plc-write',
        deviceName: 'Roaster 1',
        description: `Drum speed set to ${i % 90}: ok`,
      });
      times.push(performance.now() - t0);
    }
    return stats(times);
  };
  const searches = async () => ({
    textSearch: await freshPage({ event_time: month, search: 'overload' }),
    // A text few rows hold (dump 4242 and the dumps numbered from it), as when looking for one
    // event: the common word above is in a quarter of the rows.
    rareSearch: await freshPage({ event_time: month, search: 'Dump 4242' }),
    insertOneMs: await inserts(),
  });
  const withoutTextIndex = await searches();
  const build = performance.now();
  await db.execute(sql.raw(textIndex.indexdef));
  await db.execute(sql`analyze events`);
  const textIndexBuildSeconds = round((performance.now() - build) / 1000);
  // The embedded engine held the event loop for the whole build: let the server close the
  // connections it kept alive meanwhile before the client reuses one.
  await delay(1000);
  const withTextIndex = await searches();

  const queries = {
    monthFirstPage: {
      api: await freshPage({ event_time: month }),
      // The same page polled again with no event between: one shared read answers.
      shared: await timeIt(() => request({ event_time: month }, 1)),
      bare: await timeIt(bare(inMonth)),
    },
    textSearch: {
      api: await freshPage({ event_time: month, search: 'overload' }),
      bare: await timeIt(bare(sql`${inMonth} and e.event_description ilike '%overload%'`)),
    },
    rareSearch: {
      api: await freshPage({ event_time: month, search: 'Dump 4242' }),
      bare: await timeIt(bare(sql`${inMonth} and e.event_description ilike '%Dump 4242%'`)),
    },
    device: {
      api: await freshPage({ event_time: month, device_id: device?.device_id }),
      bare: await timeIt(
        bare(
          sql`${inMonth} and e.device_ref = (select id from devices where device_id = ${device?.device_id})`,
        ),
      ),
    },
    deepPage: {
      page: deepPage,
      api: await freshPage({ event_time: month }, deepPage),
      bare: await timeIt(bare(inMonth, (deepPage - 1) * 10)),
    },
  };

  const exportOf = async (format: EventExportFormat) => {
    const t0 = performance.now();
    const res = await post('/api/event/export', { where: {}, format });
    const reader = res.body!.getReader();
    let bytes = 0;
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
    }
    const seconds = (performance.now() - t0) / 1000;
    return { rows: Number(res.headers.get('x-total-rows')), seconds: round(seconds), bytes };
  };
  const bareWalk = async () => {
    const t0 = performance.now();
    let after: { time: string; id: number } | undefined;
    let count = 0;
    for (;;) {
      const batch = (
        (await db.execute(
          after
            ? sql`select event_id, event_time::text as t from events
                  where (event_time, event_id) < (${after.time}::timestamptz, ${after.id})
                  order by event_time desc, event_id desc limit 2000`
            : sql`select event_id, event_time::text as t from events order by event_time desc, event_id desc limit 2000`,
        )) as unknown as { rows: { event_id: number; t: string }[] }
      ).rows;
      count += batch.length;
      const last = batch.at(-1);
      if (!last || batch.length < 2000) break;
      after = { time: last.t, id: last.event_id };
    }
    return { rows: count, seconds: round((performance.now() - t0) / 1000) };
  };
  const exports: Record<
    string,
    { rows: number; seconds: number; rowsPerSecond: number; peakRssMb: number }
  > = {};
  const exportTasks = [
    ['bareWalk', bareWalk],
    ['csv', () => exportOf('csv')],
    ['xls', () => exportOf('xls')],
  ] as const;
  for (const [name, task] of args['skip-exports'] ? [] : exportTasks) {
    const { result, peakMb } = await withPeakRss<{ rows: number; seconds: number }>(task);
    exports[name] = {
      ...result,
      rowsPerSecond: Math.round(result.rows / result.seconds),
      peakRssMb: peakMb,
    };
  }

  const database = t.database.kind;
  const bareOf = (bare: { median: number }) => ({
    database,
    baseline: { name: 'bare SQL of the same page, median', value: bare.median, unit: 'ms' },
  });
  const metrics: MetricRecord[] = [
    atMost('events.month-first-page.p95', queries.monthFirstPage.api.p95, 'ms', 50, {
      database,
      baseline: { name: 'bare SQL p95', value: queries.monthFirstPage.bare.p95, unit: 'ms' },
    }),
    reported(
      'events.text-search.median',
      queries.textSearch.api.median,
      'ms',
      bareOf(queries.textSearch.bare),
    ),
    reported(
      'events.device-page.median',
      queries.device.api.median,
      'ms',
      bareOf(queries.device.bare),
    ),
    reported(
      'events.deep-page.median',
      queries.deepPage.api.median,
      'ms',
      bareOf(queries.deepPage.bare),
    ),
    ...(['csv', 'xls'] as const).flatMap((format) => {
      const figures = exports[format];
      if (!figures) return [];
      return [
        atLeast(`events.export-${format}.rows-per-s`, figures.rowsPerSecond, 'rows/s', 100_000, {
          database,
          baseline: {
            name: 'bare keyset walk',
            value: exports.bareWalk!.rowsPerSecond,
            unit: 'rows/s',
          },
        }),
        atMost(`events.export-${format}.memory-growth`, figures.peakRssMb, 'MB', 50, { database }),
      ];
    }),
  ];
  console.log(
    JSON.stringify(
      {
        benchmark: 'events',
        database,
        rows,
        fillSeconds,
        queriesMs: queries,
        textIndex: { buildSeconds: textIndexBuildSeconds, withoutTextIndex, withTextIndex },
        exports,
        metrics,
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
  await removeTemplate();
}
