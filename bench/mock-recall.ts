/**
 * Mock recall benchmark (ADR 0048): the time of a recall (`RecallService.recall`) from each kind
 * of starting point on five years of a plant roasting 40 batches a day.
 *
 * The history is written by set-based SQL (generate_series), not through the services, so five
 * years take seconds. Each day two green lots (each with a supplier and the supplier's lot code)
 * are dumped into GS1 and GS2; N batches of a 60/40 blend of both are roasted on R1 into WRB1,
 * nine ledger rows each as the ledger books a batch (per green lot: drum charge, cleaner waste,
 * roast loss, the green leaving; then the roasted lot entering its bin); every two batches'
 * roasted lots are packed for one packing order of one of 300 customers.
 *
 *   node bench/mock-recall.ts [--years 5] [--batches 40] [--samples 100]
 *
 * Embedded database by default; with TEST_DATABASE_URL, a PostgreSQL server. JSON on stdout.
 * Target: p99 <= 1,000 ms from every kind of starting point.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { Role, type MockRecallQuery, type RecallStartKind } from '@roastery/contract';
import { ledgerEntries } from '@roastery/db';
import { latencySummary } from './latency-summary.ts';
import { demoPlantForHistory } from './demo-plant-history.ts';
import { atMost } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    years: { type: 'string', default: '5' },
    batches: { type: 'string', default: '40' },
    samples: { type: 'string', default: '100' },
  },
});
const days = Math.round(Number(args.years) * 365);
const perDay = Math.max(2, Math.round(Number(args.batches) / 2) * 2);
const samples = Number(args.samples);
const CUSTOMERS = 300;
const TARGET_MS = 1000;

const { t, db, device, close } = await demoPlantForHistory();
try {
  // Numbers of our own making, written into the statements as literals: a parameter in a VALUES
  // list or a CASE has no type to infer.
  const int = (n: number) => sql.raw(String(Math.trunc(n)));
  const [gs1, gs2, r1, wrb1, wb1] = ['GS1', 'GS2', 'R1', 'WRB1', 'WB1'].map((code) =>
    int(device(code)),
  );
  const start = new Date(Date.now() - days * 86_400_000);
  const fill = performance.now();
  // Each statement builds on the previous ones' rows, found again by their names.
  const steps = [
    sql`insert into beans (bean_name) values ('Bench Colombia'), ('Bench Brazil')`,
    sql`insert into products (product_name, batch_weight) values ('Bench Blend', 400)`,
    sql`insert into lots (lot_number, bean_ref, kind, supplier, supplier_lot)
      select 'G-' || d || '-' || s.tag, b.id, 'green', s.supplier, 'SUP-' || d || '-' || s.tag
      from generate_series(0, ${int(days - 1)}) d
      cross join (values ('C', 'Bench Colombia', 'Finca Alta'), ('B', 'Bench Brazil', 'Sul Minas'))
        as s(tag, bean, supplier)
      join beans b on b.bean_name = s.bean`,
    sql`insert into lots (lot_number, bean_ref, kind, roasted_at)
      select 'R-' || d || '-' || n, b.id, 'roasted',
        ${start}::timestamptz + d * interval '1 day' + (60 + n * 30) * interval '1 minute'
      from generate_series(0, ${int(days - 1)}) d cross join generate_series(0, ${int(perDay - 1)}) n
      join beans b on b.bean_name = 'Bench Colombia'`,
    sql`insert into orders (kind, name, product_ref, qty_centi, status, order_date,
        roaster_device, destination_device)
      select 'roasting', 'RO-' || d, p.id, ${int(perDay * 40_000)}, 3,
        ${start}::timestamptz + d * interval '1 day', ${r1}, ${wrb1}
      from generate_series(0, ${int(days - 1)}) d join products p on p.product_name = 'Bench Blend'`,
    sql`insert into orders (kind, name, customer, product_ref, qty_centi, status, order_date)
      select 'packing', 'PO-' || d || '-' || k, 'Customer ' || ((d * 7 + k) % ${int(CUSTOMERS)}),
        p.id, 68000, 2, ${start}::timestamptz + d * interval '1 day'
      from generate_series(0, ${int(days - 1)}) d cross join generate_series(0, ${int(perDay / 2 - 1)}) k
      join products p on p.product_name = 'Bench Blend'`,
    sql`insert into order_batches (order_ref, seq, planned_centi, status, roaster_device,
        destination_device, green_centi, roasted_centi, roasted_lot, started_at, finished_at)
      select o.id, n + 1, 40000, 'finished', ${r1}, ${wrb1}, 40000, 34000, l.id,
        l.roasted_at - interval '20 minutes', l.roasted_at
      from generate_series(0, ${int(days - 1)}) d cross join generate_series(0, ${int(perDay - 1)}) n
      join orders o on o.name = 'RO-' || d
      join lots l on l.lot_number = 'R-' || d || '-' || n`,
    sql`insert into ledger_entries (movement_id, to_device, lot_ref, centi_lbs, reason, at)
      select 'dump-' || l.id, case when l.lot_number like '%-C' then ${gs1} else ${gs2} end, l.id,
        case when l.lot_number like '%-C' then 5000000 else 3000000 end, 'dump',
        ${start}::timestamptz + split_part(l.lot_number, '-', 2)::int * interval '1 day'
      from lots l where l.kind = 'green' and l.lot_number like 'G-%'`,
    sql`insert into ledger_entries (movement_id, from_device, to_device, lot_ref, centi_lbs,
        reason, order_id, batch_id, at)
      select 'roast-' || ob.id, r.from_device, r.to_device, g.id, r.centi, r.reason,
        ob.order_ref, ob.id, ob.finished_at
      from order_batches ob
      join orders o on o.id = ob.order_ref and o.name like 'RO-%'
      cross join (values
        ('C', ${gs1}, ${r1}, 24000, 'roast_in'), ('C', ${gs1}, ${wb1}, 600, 'cleaner_waste'),
        ('C', ${r1}, null, 3600, 'roast_loss'), ('C', ${r1}, null, 20400, 'roast_out'),
        ('B', ${gs2}, ${r1}, 16000, 'roast_in'), ('B', ${gs2}, ${wb1}, 400, 'cleaner_waste'),
        ('B', ${r1}, null, 2400, 'roast_loss'), ('B', ${r1}, null, 13600, 'roast_out'))
        as r(tag, from_device, to_device, centi, reason)
      join lots g on g.lot_number = 'G-' || substr(o.name, 4) || '-' || r.tag`,
    sql`insert into ledger_entries (movement_id, to_device, lot_ref, centi_lbs, reason, order_id,
        batch_id, at)
      select 'roast-' || ob.id, ${wrb1}, ob.roasted_lot, 34000, 'roast_out', ob.order_ref, ob.id,
        ob.finished_at
      from order_batches ob join orders o on o.id = ob.order_ref and o.name like 'RO-%'`,
    sql`insert into ledger_entries (movement_id, from_device, lot_ref, centi_lbs, reason,
        order_id, at)
      select 'pack-' || o.id || '-' || h.half, ${wrb1}, l.id, 34000, 'pack', o.id,
        l.roasted_at + interval '20 hours'
      from orders o
      cross join (values (0), (1)) as h(half)
      join lots l on l.lot_number = 'R-' || split_part(o.name, '-', 2) || '-'
        || (split_part(o.name, '-', 3)::int * 2 + h.half)
      where o.name like 'PO-%'`,
  ];
  // The rows are consistent by construction: foreign keys are not checked row by row while
  // they are written (a superuser's session setting; the tests' databases are the bench's own).
  await db.execute(sql`set session_replication_role = replica`);
  for (const step of steps) await db.execute(step);
  await db.execute(sql`set session_replication_role = default`);
  const fillSeconds = (performance.now() - fill) / 1000;
  await db.execute(sql`analyze`);
  const ledgerRows = await db.$count(ledgerEntries);
  const packingOrders = (
    (await db.execute(
      sql`select id from orders where name like 'PO-%' order by id`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => r.id);

  const { recall } = t.services;
  const who = { id: 0, role: Role.Supervisor, username: 'bench', fullName: 'Bench' };
  const pick = (i: number, n: number) => (i * 7919) % n;
  const keyOf: Record<RecallStartKind, (i: number) => string> = {
    green_lot: (i) => `G-${pick(i, days)}-C`,
    supplier_lot: (i) => `SUP-${pick(i, days)}-B`,
    roasted_lot: (i) => `R-${pick(i, days)}-${i % perDay}`,
    order: (i) => String(packingOrders[pick(i, packingOrders.length)]),
    customer: (i) => `Customer ${pick(i, CUSTOMERS)}`,
  };
  const kinds = Object.keys(keyOf) as RecallStartKind[];
  const query = (kind: RecallStartKind, i: number): MockRecallQuery => ({
    kind,
    key: keyOf[kind](i),
  });
  // A few untimed calls first, so compiled code and the database's caches are warm.
  for (const kind of kinds) for (let i = 0; i < 3; i++) await recall.recall(query(kind, i), who);
  const results: Record<
    string,
    ReturnType<typeof latencySummary> & { records: number; customers: number }
  > = {};
  for (const kind of kinds) {
    const times: number[] = [];
    let records = 0;
    let customers = 0;
    for (let i = 0; i < samples; i++) {
      const r = await recall.recall(query(kind, i + 11), who);
      times.push(r.query_ms);
      records = Math.max(records, r.chain.length);
      customers = Math.max(customers, r.customers.length);
    }
    results[kind] = { ...latencySummary(times), records, customers };
  }
  const worst = Math.max(...kinds.map((k) => results[k]?.p99 ?? NaN));
  console.log(
    JSON.stringify(
      {
        benchmark: 'mock-recall',
        database: t.database.kind,
        history: {
          days,
          batchesPerDay: perDay,
          batches: days * perDay,
          ledgerRows,
          packingOrders: packingOrders.length,
          fillSeconds: Math.round(fillSeconds * 10) / 10,
        },
        samples,
        queryMs: results,
        targetP99Ms: TARGET_MS,
        met: worst <= TARGET_MS,
        metrics: kinds.map((kind) =>
          atMost(`mock-recall.${kind}.p99`, results[kind]?.p99 ?? NaN, 'ms', TARGET_MS, {
            database: t.database.kind,
          }),
        ),
      },
      null,
      2,
    ),
  );
} finally {
  await close();
}
