/**
 * Bean ledger benchmark: write throughput of ledger movements through the service (each one a
 * transaction with device locks, FIFO lots and the projection), and query times with a ledger
 * of one million rows: the occupancy of every silo (read from the projection) and a full
 * reconciliation of the ledger against the projection (the invariant check).
 *
 *   node bench/ledger.ts [--rows 1000000] [--writes 2000]
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

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    writes: { type: 'string', default: '2000' },
  },
});
const rows = Number(args.rows);
const writes = Number(args.writes);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { median: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1) ?? NaN) };
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

  const occupancy: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await ledger.siloContents();
    occupancy.push(performance.now() - t0);
  }
  const reconcile: number[] = [];
  let violations: string[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    violations = await ledger.invariantViolations();
    reconcile.push(performance.now() - t0);
  }
  const total = await db.$count(sql`ledger_entries`);
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
        siloContentsMs: stats(occupancy),
        reconciliationMs: stats(reconcile),
        balanced: violations.length === 0,
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
