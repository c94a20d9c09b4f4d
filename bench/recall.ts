/**
 * Recall report benchmark: the time to answer a recall (a green lot forward to its customers,
 * a packed order back to its green lots) on a generated five-year history of a busy plant.
 *
 * Each day two green lots are dumped into GS1 and GS2; N batches (a 60/40 blend of both) are
 * roasted on R1 and dropped into WRB1, nine ledger rows each, as the ledger books a batch (drum
 * charge, cleaner waste and roast loss per lot, the green leaving, the roasted lot entering);
 * every two batches' roasted lots are packed for one packing order of a customer.
 *
 *   node bench/recall.ts [--years 5] [--batches 16] [--samples 200]
 *
 * Embedded database by default; with TEST_DATABASE_URL, a PostgreSQL server. JSON on stdout.
 * Target: p99 <= 200 ms for both directions.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { demoPlantForHistory } from './demo-plant-history.ts';
import { atMost } from './metric.ts';
import { sql } from 'drizzle-orm';
import { beans, ledgerEntries, lots, orderBatches, orders, products } from '@roastery/db';

const { values: args } = parseArgs({
  options: {
    years: { type: 'string', default: '5' },
    batches: { type: 'string', default: '16' },
    samples: { type: 'string', default: '200' },
  },
});
const days = Math.round(Number(args.years) * 365);
const batchesPerDay = Number(args.batches);
const samples = Number(args.samples);
const DAY_MS = 86_400_000;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
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

const { t, db, device, close } = await demoPlantForHistory();
try {
  const [gs1, gs2, r1, wrb1, wb1] = ['GS1', 'GS2', 'R1', 'WRB1', 'WB1'].map(device);
  const [colombia, brazil] = await db
    .insert(beans)
    .values([{ name: 'Bench Colombia' }, { name: 'Bench Brazil' }])
    .returning({ id: beans.id });
  const [product] = await db
    .insert(products)
    .values({ name: 'Bench Blend', batchWeight: 400 })
    .returning({ id: products.id });
  if (!colombia || !brazil || !product || !gs1 || !gs2 || !r1 || !wrb1 || !wb1) {
    throw new Error('bench setup failed');
  }

  const start = Date.now() - days * DAY_MS;
  const greenLots: string[] = [];
  const packingOrders: number[] = [];
  const fill = performance.now();
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY_MS;
    const when = (minutes: number) => new Date(dayStart + minutes * 60_000);
    const [lotC, lotB] = await db
      .insert(lots)
      .values([
        { lotNumber: `G-${d}-C`, beanId: colombia.id, kind: 'green' },
        { lotNumber: `G-${d}-B`, beanId: brazil.id, kind: 'green' },
      ])
      .returning({ id: lots.id });
    const roasted = await db
      .insert(lots)
      .values(
        Array.from({ length: batchesPerDay }, (_, b) => ({
          lotNumber: `R-${d}-${b}`,
          beanId: colombia.id,
          kind: 'roasted' as const,
          roastedAt: when(60 + b * 30),
        })),
      )
      .returning({ id: lots.id });
    const [roastingOrder] = await db
      .insert(orders)
      .values({
        kind: 'roasting',
        productId: product.id,
        qtyCenti: batchesPerDay * 40_000,
        status: 3,
        orderDate: when(0),
        roasterDevice: r1,
        destinationDevice: wrb1,
      })
      .returning({ id: orders.id });
    const packs = await db
      .insert(orders)
      .values(
        Array.from({ length: batchesPerDay / 2 }, (_, p) => ({
          kind: 'packing' as const,
          customer: `Customer ${(d * 7 + p) % 300}`,
          productId: product.id,
          qtyCenti: 2 * 34_000,
          status: 2,
          orderDate: when(0),
        })),
      )
      .returning({ id: orders.id });
    if (!lotC || !lotB || !roastingOrder) throw new Error('bench day failed');
    const batchIds = await db
      .insert(orderBatches)
      .values(
        roasted.map((lot, b) => ({
          orderId: roastingOrder.id,
          seq: b + 1,
          plannedCenti: 40_000,
          status: 'finished' as const,
          roasterDevice: r1,
          destinationDevice: wrb1,
          greenCenti: 40_000,
          roastedCenti: 34_000,
          roastedLotId: lot.id,
          startedAt: when(40 + b * 30),
          finishedAt: when(60 + b * 30),
        })),
      )
      .returning({ id: orderBatches.id });
    const rows: (typeof ledgerEntries.$inferInsert)[] = [
      {
        movementId: randomUUID(),
        toDevice: gs1,
        lotId: lotC.id,
        centiLbs: 5_000_000,
        reason: 'dump',
        at: when(1),
      },
      {
        movementId: randomUUID(),
        toDevice: gs2,
        lotId: lotB.id,
        centiLbs: 3_000_000,
        reason: 'dump',
        at: when(2),
      },
    ];
    for (const [b, lot] of roasted.entries()) {
      const movementId = randomUUID();
      const batchId = batchIds[b]?.id ?? null;
      const common = { movementId, orderId: roastingOrder.id, batchId, at: when(60 + b * 30) };
      for (const [green, silo, charged, waste, loss] of [
        [lotC.id, gs1, 24_000, 600, 3_600],
        [lotB.id, gs2, 16_000, 400, 2_400],
      ] as const) {
        rows.push(
          {
            ...common,
            fromDevice: silo,
            toDevice: r1,
            lotId: green,
            centiLbs: charged,
            reason: 'roast_in',
          },
          {
            ...common,
            fromDevice: silo,
            toDevice: wb1,
            lotId: green,
            centiLbs: waste,
            reason: 'cleaner_waste',
          },
          {
            ...common,
            fromDevice: r1,
            toDevice: null,
            lotId: green,
            centiLbs: loss,
            reason: 'roast_loss',
          },
          {
            ...common,
            fromDevice: r1,
            toDevice: null,
            lotId: green,
            centiLbs: charged - loss,
            reason: 'roast_out',
          },
        );
      }
      rows.push({
        ...common,
        fromDevice: null,
        toDevice: wrb1,
        lotId: lot.id,
        centiLbs: 34_000,
        reason: 'roast_out',
      });
    }
    for (const [p, pack] of packs.entries()) {
      for (const lot of [roasted[2 * p], roasted[2 * p + 1]]) {
        if (!lot) continue;
        rows.push({
          movementId: randomUUID(),
          fromDevice: wrb1,
          toDevice: null,
          lotId: lot.id,
          centiLbs: 34_000,
          reason: 'pack',
          orderId: pack.id,
          at: when(60 + batchesPerDay * 30 + p),
        });
      }
      packingOrders.push(pack.id);
    }
    await db.insert(ledgerEntries).values(rows);
    greenLots.push(`G-${d}-C`, `G-${d}-B`);
  }
  const fillSeconds = (performance.now() - fill) / 1000;
  await db.execute(sql`analyze`);
  const ledgerRows = await db.$count(ledgerEntries);

  const { reports } = t.services;
  const pick = <T>(list: T[], i: number): T => {
    const value = list[(i * 7919) % list.length];
    if (value === undefined) throw new Error('empty list');
    return value;
  };
  // A few untimed calls first, so compiled code and the database's caches are warm.
  for (let i = 0; i < 10; i++) {
    await reports.recall({ lot: pick(greenLots, i) });
    await reports.recall({ order: pick(packingOrders, i) });
  }
  const forward: number[] = [];
  const back: number[] = [];
  let customersPerLot = 0;
  for (let i = 0; i < samples; i++) {
    let t0 = performance.now();
    const lot = await reports.recall({ lot: pick(greenLots, i + 11) });
    forward.push(performance.now() - t0);
    customersPerLot = Math.max(customersPerLot, lot.customers.length);
    t0 = performance.now();
    await reports.recall({ order: pick(packingOrders, i + 13) });
    back.push(performance.now() - t0);
  }
  const forwardMs = stats(forward);
  const backMs = stats(back);
  console.log(
    JSON.stringify(
      {
        benchmark: 'recall',
        database: t.database.kind,
        history: {
          days,
          batchesPerDay,
          ledgerRows,
          greenLots: greenLots.length,
          packingOrders: packingOrders.length,
          fillSeconds: Math.round(fillSeconds * 10) / 10,
        },
        samples,
        lotForwardMs: forwardMs,
        orderBackMs: backMs,
        customersPerLot,
        targetP99Ms: 200,
        met: forwardMs.p99 <= 200 && backMs.p99 <= 200,
        metrics: [
          atMost('recall.lot-forward.p99', forwardMs.p99, 'ms', 200, { database: t.database.kind }),
          atMost('recall.order-back.p99', backMs.p99, 'ms', 200, { database: t.database.kind }),
        ],
      },
      null,
      2,
    ),
  );
} finally {
  await close();
}
