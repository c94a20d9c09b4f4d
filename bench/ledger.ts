/**
 * Bean ledger benchmark: write throughput of ledger movements through the service (each one a
 * transaction with device locks, FIFO lots and the projection), one after another; then, with a
 * ledger of one million rows, movements started at a fixed rate (--rate per second for
 * --seconds, each timed from its start to its commit, overlapping when one takes longer than
 * the gap), the silo occupancy and lot queries (the contents of every silo, the lots in one
 * silo, the green lots in FIFO order, a lot's trace) and a full reconciliation of the ledger
 * against the projection (the invariant check), which must balance. Targets: movements p99 <=
 * 10 ms at 200/s (on PostgreSQL), each query p99 <= 20 ms.
 *
 *   node bench/ledger.ts [--rows 1000000] [--writes 2000] [--rate 200] [--seconds 10]
 *
 * Embedded database by default; with TEST_DATABASE_URL, a PostgreSQL server. JSON on stdout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { beans, devices } from '@roastery/db';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp, seedDemoPlant } from '@roastery/server/testing';
import { atLeast, atMost, reported, type MetricRecord } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    writes: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
  },
});
const rows = Number(args.rows);
const writes = Number(args.writes);
const rate = Number(args.rate);
const seconds = Number(args.seconds);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    median: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

async function timed(
  task: () => Promise<unknown>,
  samples = 20,
): Promise<ReturnType<typeof stats>> {
  await task();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  return stats(times);
}

const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const t = await buildTestApp();
try {
  const { db } = t.database;
  await seedDemoPlant(db, t.services.plant);
  const { ledger } = t.services;
  const ids = new Map(
    (await db.select({ id: devices.id, code: devices.deviceId }).from(devices)).map((d) => [
      d.code,
      d.id,
    ]),
  );
  const [bean] = await db.insert(beans).values({ name: 'Bench Bean' }).returning({ id: beans.id });
  const silos = ['GS1', 'GS2', 'GS3', 'GS4', 'GS5', 'GS6'].map((c) => ids.get(c)!);

  // Writes through the service: a receive then a transfer, alternating between silos.
  const writeTimes: number[] = [];
  const started = performance.now();
  for (let i = 0; i < writes / 2; i++) {
    const lot = await ledger.createLot({ lotNumber: `B-${i}`, beanId: bean!.id, kind: 'green' });
    const from = silos[i % silos.length]!;
    const to = silos[(i + 1) % silos.length]!;
    let t0 = performance.now();
    await ledger.receive({ toDevice: from, lotId: lot, lbs: 10, reason: 'dump' });
    writeTimes.push(performance.now() - t0);
    t0 = performance.now();
    await ledger.move({ fromDevice: from, toDevice: to, lbs: 5, reason: 'transfer' });
    writeTimes.push(performance.now() - t0);
  }
  const writeSeconds = (performance.now() - started) / 1000;

  // A long history: balanced pairs of rows in and out of a virtual bin, as bulk SQL.
  const vbin = ids.get('vbin')!;
  const histLot = await ledger.createLot({ lotNumber: 'HIST', beanId: bean!.id, kind: 'green' });
  const fill = performance.now();
  await db.execute(sql`
    insert into ledger_entries (movement_id, from_device, to_device, lot_ref, centi_lbs, reason)
    select 'hist-' || g, case when g % 2 = 0 then ${vbin}::int else null end,
           case when g % 2 = 0 then null else ${vbin}::int end,
           ${histLot}::int, 100, case when g % 2 = 0 then 'pack' else 'dump' end
    from generate_series(1, ${rows}) g`);
  const fillSeconds = (performance.now() - fill) / 1000;

  // Movements at a fixed rate on the long ledger: receipts and transfers in turn, the lots made
  // beforehand so that only movements are timed.
  const count = Math.round(rate * seconds);
  const lotsAhead: number[] = [];
  for (let i = 0; i < Math.ceil(count / 2); i++) {
    lotsAhead.push(
      await ledger.createLot({ lotNumber: `R-${i}`, beanId: bean!.id, kind: 'green' }),
    );
  }
  const movementTimes: number[] = [];
  const inFlight: Promise<void>[] = [];
  const rateStart = performance.now();
  for (let i = 0; i < count; i++) {
    const due = rateStart + (i * 1000) / rate;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    const pair = Math.floor(i / 2);
    const from = silos[pair % silos.length]!;
    const to = silos[(pair + 1) % silos.length]!;
    const t0 = performance.now();
    const movement =
      i % 2 === 0
        ? ledger.receive({ toDevice: from, lotId: lotsAhead[pair]!, lbs: 10, reason: 'dump' })
        : ledger.move({ fromDevice: from, toDevice: to, lbs: 5, reason: 'transfer' });
    inFlight.push(movement.then(() => void movementTimes.push(performance.now() - t0)));
  }
  await Promise.all(inFlight);
  const rateSeconds = (performance.now() - rateStart) / 1000;

  const queries = {
    siloContents: await timed(() => ledger.siloContents()),
    lotsInSilo: await timed(() => ledger.holdings(silos[0]!)),
    greenLotsFifo: await timed(() => ledger.holdingsOfKind('green')),
    lotTrace: await timed(() => ledger.traceLot('R-1')),
  };
  let violations: string[] = [];
  const reconcile = await timed(async () => {
    violations = await ledger.invariantViolations();
  }, 3);
  const total = await db.$count(sql`ledger_entries`);
  const database = t.database.kind;
  const movements = stats(movementTimes);
  const metrics: MetricRecord[] = [
    atMost(`ledger.movement.p99@${rate}per-s`, movements.p99, 'ms', 10, { database }),
    atLeast('ledger.balanced', violations.length === 0 ? 1 : 0, 'yes', 1, { database }),
    atMost('ledger.silo-contents.p99', queries.siloContents.p99, 'ms', 20, { database }),
    atMost('ledger.lots-in-silo.p99', queries.lotsInSilo.p99, 'ms', 20, { database }),
    atMost('ledger.green-lots-fifo.p99', queries.greenLotsFifo.p99, 'ms', 20, { database }),
    atMost('ledger.lot-trace.p99', queries.lotTrace.p99, 'ms', 20, { database }),
    reported('ledger.movement-rate-achieved', count / rateSeconds, 'per s', { database }),
    reported('ledger.movements-one-after-another', writes / writeSeconds, 'per s', { database }),
  ];
  console.log(
    JSON.stringify(
      {
        benchmark: 'ledger',
        database: t.database.kind,
        ledgerRows: total,
        writes: {
          operations: writes,
          perSecond: Math.round(writes / writeSeconds),
          ms: stats(writeTimes),
        },
        historyInsertSeconds: Math.round(fillSeconds * 10) / 10,
        atFixedRate: {
          rate,
          movements: count,
          seconds: Math.round(rateSeconds * 10) / 10,
          ms: movements,
        },
        queriesMs: queries,
        reconciliationMs: reconcile,
        balanced: violations.length === 0,
        violations: violations.slice(0, 10),
        metrics,
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
  await removeTemplate();
  await rm(dir, { recursive: true, force: true });
}
