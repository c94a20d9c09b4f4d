import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  OrderStatus,
  Role,
  WASTE_BIN_TYPE_ID,
  reportMessages,
  type CleanerWasteReport,
  type OeeEntry,
  type PackingRecord,
  type ProductionReport,
  type RecallReport,
  type ShrinkageReport,
  type SummaryReport,
} from '@roastery/contract';
import { devices, ledgerEntries, orderBatches, orders } from '@roastery/db';
import { buildTestApp, seedDemoPlant, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { newBean, newOrder, newProduct, quickPackWorkflow } from '../../../test/order-fixtures.ts';

/*
 * The seeded scenario, every figure worked out by hand:
 * - dumps: lot C (Colombia) 1000 lbs into GS1, lot B (Brazil) 500 lbs into GS2.
 * - order 1 (Colombia, R1 -> WRB1): batch 1 draws 205, charges 200, drops 170 (waste 5, loss 30);
 *   batch 2 draws 204, charges 200, drops 168 (waste 4, loss 32).
 * - order 2 (Blend 60/40, R2 -> WRB2): batch 1 draws 123 from GS1 and 82 from GS2, charges 200
 *   (waste 3 + 2, shared by draw), drops 172 (loss 28); batch 2 failed after 5 minutes.
 * - packing order P (Cafe Uno) packs 150 from WRB1, all of roasted lot 1; packing order Q
 *   (Deli Dos) packs 100: the last 20 of lot 1 and 80 of lot 2 (first in, first out).
 */
let t: TestApp;
let supervisor: ApiCaller;
const ids = { order1: 0, order2: 0, packP: 0, packQ: 0 };
const names = { r1: '', r2: '', gs1: '', gs2: '', wrb1: '', wrb2: '', waste: '' };
/** The day the bookings fell on (UTC), as the ledger stamped them. */
let bookedDay = '';
const T0 = Date.parse('2026-01-05T08:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const OEE_DAY = 'from=2026-01-05T00:00:00Z&to=2026-01-06T00:00:00Z';
const NOW = () =>
  `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 86_400_000).toISOString()}`;

async function device(code: string) {
  const [row] = await t.database.db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(eq(devices.deviceId, code));
  if (!row) throw new Error(`no device ${code}`);
  return row;
}

async function batch(
  orderId: number,
  seq: number,
  fields: {
    status: 'finished' | 'failed';
    start: number;
    end: number;
    roaster?: number;
    workflowId?: number;
    greenCenti?: number;
    roastedCenti?: number;
  },
): Promise<number> {
  // The order runner writes these rows as its runs start and end; the plant is not running here.
  const [row] = await t.database.db
    .insert(orderBatches)
    .values({
      orderId,
      seq,
      status: fields.status,
      startedAt: at(fields.start),
      finishedAt: at(fields.end),
      roasterDevice: fields.roaster ?? null,
      workflowId: fields.workflowId ?? null,
      greenCenti: fields.greenCenti ?? null,
      roastedCenti: fields.roastedCenti ?? null,
    })
    .returning({ id: orderBatches.id });
  if (!row) throw new Error('no batch');
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  supervisor = t.as(Role.Supervisor);
  const ledger = t.services.ledger;
  const [r1, r2, gs1, gs2, wrb1, wrb2] = await Promise.all(
    ['R1', 'R2', 'GS1', 'GS2', 'WRB1', 'WRB2'].map(device),
  );
  if (!r1 || !r2 || !gs1 || !gs2 || !wrb1 || !wrb2) throw new Error('demo plant incomplete');
  Object.assign(names, {
    r1: r1.name,
    r2: r2.name,
    gs1: gs1.name,
    gs2: gs2.name,
    wrb1: wrb1.name,
    wrb2: wrb2.name,
  });
  const [waste] = await t.database.db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(eq(devices.typeId, WASTE_BIN_TYPE_ID));
  names.waste = waste?.name ?? '';
  const colombia = await newBean(supervisor, 'Colombia Report');
  const brazil = await newBean(supervisor, 'Brazil Report');
  const single = await newProduct(
    supervisor,
    'Colombia Single',
    [{ bean_id: colombia, ratio: 100 }],
    200,
  );
  const blend = await newProduct(
    supervisor,
    'Report Blend',
    [
      { bean_id: colombia, ratio: 60 },
      { bean_id: brazil, ratio: 40 },
    ],
    200,
  );
  const lotC = await ledger.createLot({ lotNumber: 'RPT-C', beanId: colombia, kind: 'green' });
  await ledger.receive({ toDevice: gs1.id, lotId: lotC, lbs: 1000, reason: 'dump' });
  const lotB = await ledger.createLot({ lotNumber: 'RPT-B', beanId: brazil, kind: 'green' });
  await ledger.receive({ toDevice: gs2.id, lotId: lotB, lbs: 500, reason: 'dump' });

  ids.order1 = await newOrder(t.database.db, {
    kind: 'roasting',
    productId: single,
    lbs: 400,
    roaster: 'R1',
    destination: 'WRB1',
  });
  ids.order2 = await newOrder(t.database.db, {
    kind: 'roasting',
    productId: blend,
    lbs: 400,
    roaster: 'R2',
    destination: 'WRB2',
  });
  const roast = async (
    orderId: number,
    batchId: number,
    roaster: number,
    destination: number,
    draws: { fromDevice: number; centiLbs: number }[],
    green: number,
    roasted: number,
    lotNumber: string,
    beanId: number,
  ) =>
    ledger.bookRoast({
      orderId,
      batchId,
      roaster,
      draws,
      wasteDevice: waste?.id ?? null,
      greenCenti: green,
      roastedCenti: roasted,
      destination,
      roastedLot: { lotNumber, beanId, roastedAt: new Date() },
    });
  const b11 = await batch(ids.order1, 1, {
    status: 'finished',
    start: 0,
    end: 20,
    roaster: r1.id,
    greenCenti: 20000,
    roastedCenti: 17000,
  });
  await roast(
    ids.order1,
    b11,
    r1.id,
    wrb1.id,
    [{ fromDevice: gs1.id, centiLbs: 20500 }],
    20000,
    17000,
    'RPT-R1',
    colombia,
  );
  const b12 = await batch(ids.order1, 2, {
    status: 'finished',
    start: 30,
    end: 55,
    roaster: r1.id,
    greenCenti: 20000,
    roastedCenti: 16800,
  });
  await roast(
    ids.order1,
    b12,
    r1.id,
    wrb1.id,
    [{ fromDevice: gs1.id, centiLbs: 20400 }],
    20000,
    16800,
    'RPT-R2',
    colombia,
  );
  const b21 = await batch(ids.order2, 1, {
    status: 'finished',
    start: 0,
    end: 20,
    roaster: r2.id,
    greenCenti: 20000,
    roastedCenti: 17200,
  });
  await roast(
    ids.order2,
    b21,
    r2.id,
    wrb2.id,
    [
      { fromDevice: gs1.id, centiLbs: 12300 },
      { fromDevice: gs2.id, centiLbs: 8200 },
    ],
    20000,
    17200,
    'RPT-R3',
    colombia,
  );
  await batch(ids.order2, 2, { status: 'failed', start: 25, end: 30, roaster: r2.id });

  const packer = await quickPackWorkflow(t.database.db, 'WRB1', 'PK1', 'Pack WRB1 on PK1');
  ids.packP = await newOrder(t.database.db, {
    kind: 'packing',
    productId: single,
    lbs: 150,
    workflowId: packer,
  });
  ids.packQ = await newOrder(t.database.db, {
    kind: 'packing',
    productId: single,
    lbs: 100,
    workflowId: packer,
  });
  const bP = await batch(ids.packP, 1, {
    status: 'finished',
    start: 60,
    end: 70,
    workflowId: packer,
    roastedCenti: 15000,
  });
  await ledger.move({
    fromDevice: wrb1.id,
    toDevice: null,
    lbs: 150,
    reason: 'pack',
    orderId: ids.packP,
    batchId: bP,
  });
  const bQ = await batch(ids.packQ, 1, {
    status: 'finished',
    start: 80,
    end: 90,
    workflowId: packer,
    roastedCenti: 10000,
  });
  await ledger.move({
    fromDevice: wrb1.id,
    toDevice: null,
    lbs: 100,
    reason: 'pack',
    orderId: ids.packQ,
    batchId: bQ,
  });

  const db = t.database.db;
  await db
    .update(orders)
    .set({ customer: 'Cafe Uno', status: OrderStatus.Finished })
    .where(eq(orders.id, ids.packP));
  await db
    .update(orders)
    .set({ customer: 'Deli Dos', status: OrderStatus.Finished })
    .where(eq(orders.id, ids.packQ));
  await db.update(orders).set({ status: OrderStatus.Finished }).where(eq(orders.id, ids.order1));
  await db
    .update(orders)
    .set({ status: OrderStatus.NotProcessed })
    .where(eq(orders.id, ids.order2));
  const [stamp] = await db
    .select({ day: sql<string>`to_char(${ledgerEntries.at} at time zone 'UTC', 'YYYY-MM-DD')` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reason, 'roast_out'))
    .limit(1);
  bookedDay = stamp?.day ?? '';
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await supervisor<T>('GET', url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('reports on a seeded scenario', () => {
  it('summary: green received, roasted, packed, waste and loss; orders by status', async () => {
    const s = await get<SummaryReport>(`/api/report/summary?${NOW()}`);
    expect(s).toMatchObject({
      green_received: 1500,
      roasted: 510,
      packed: 250,
      cleaner_waste: 14,
      roast_loss: 90,
    });
    expect(s.days).toEqual([
      {
        day: bookedDay,
        green_received: 1500,
        roasted: 510,
        packed: 250,
        cleaner_waste: 14,
        roast_loss: 90,
      },
    ]);
    expect(s.orders).toEqual([
      { kind: 'packing', status: OrderStatus.Finished, count: 2 },
      { kind: 'roasting', status: OrderStatus.Finished, count: 1 },
      { kind: 'roasting', status: OrderStatus.NotProcessed, count: 1 },
    ]);
    const before = await get<SummaryReport>(
      '/api/report/summary?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z',
    );
    expect(before).toMatchObject({
      green_received: 0,
      roasted: 0,
      packed: 0,
      days: [],
      orders: [],
    });
  });

  it('oee: availability x performance x quality per roaster and packing line', async () => {
    const oee = await get<OeeEntry[]>(`/api/report/oee?${OEE_DAY}`);
    expect(oee).toEqual([
      {
        label: names.r1,
        value: 32,
        kind: 'roaster',
        availability: 100,
        // 400 lbs in 45 minutes against the demo nameplate's 500 lbs per 18 minutes: 400 / 1,250.
        performance: 32,
        quality: 100,
        run_minutes: 45,
        fault_minutes: 0,
        idle_minutes: 1395,
        batches: 2,
        failed: 0,
        empty: 0,
        lbs: 400,
        ideal_lbs_per_hour: 1666.67,
        ideal_source: `${names.r1}: 500 lbs per batch, 18 min ideal cycle.`,
        actual_lbs_per_hour: 533.33,
      },
      {
        label: names.r2,
        // 20 minutes running, 5 failing: 80 %; 200 lbs in 20 minutes against 250 lbs per 16
        // minutes: 200 / 312.5 = 64 %; one of two batches good: 50 %.
        value: 25.6,
        kind: 'roaster',
        availability: 80,
        performance: 64,
        quality: 50,
        run_minutes: 20,
        fault_minutes: 5,
        idle_minutes: 1415,
        batches: 2,
        failed: 1,
        empty: 0,
        lbs: 200,
        ideal_lbs_per_hour: 937.5,
        ideal_source: `${names.r2}: 250 lbs per batch, 16 min ideal cycle.`,
        actual_lbs_per_hour: 600,
      },
      {
        label: 'Pack WRB1 on PK1',
        // 250 lbs in 20 minutes against the packer's rated 6,000 lbs/h: 250 / 2,000.
        value: 12.5,
        kind: 'packer',
        availability: 100,
        performance: 12.5,
        quality: 100,
        run_minutes: 20,
        fault_minutes: 0,
        idle_minutes: 1420,
        batches: 2,
        failed: 0,
        empty: 0,
        lbs: 250,
        ideal_lbs_per_hour: 6000,
        ideal_source: 'Packer 1: rated 6,000 lbs/h.',
        actual_lbs_per_hour: 750,
      },
    ]);
  });

  it('production: roasted lbs per day, product and roaster', async () => {
    const p = await get<ProductionReport>(`/api/report/production?${NOW()}`);
    expect(p.rows).toEqual([
      { day: bookedDay, product_name: 'Colombia Single', roaster: names.r1, batches: 2, lbs: 338 },
      { day: bookedDay, product_name: 'Report Blend', roaster: names.r2, batches: 1, lbs: 172 },
    ]);
  });

  it('cleaner waste: per silo and bean against what the draws gave', async () => {
    const w = await get<CleanerWasteReport>(`/api/report/cleaner_waste?${NOW()}`);
    expect(w.rows).toEqual([
      {
        day: bookedDay,
        silo: names.gs1,
        bean_name: 'Colombia Report',
        drawn: 532,
        waste: 12,
        percent: 2.3,
      },
      {
        day: bookedDay,
        silo: names.gs2,
        bean_name: 'Brazil Report',
        drawn: 82,
        waste: 2,
        percent: 2.4,
      },
    ]);
  });

  it('shrinkage: green in against roasted out per batch, product and roaster', async () => {
    const s = await get<ShrinkageReport>(`/api/report/shrinkage?${NOW()}`);
    expect(s.batches.map(({ roasted_at: _, batch_id: __, ...b }) => b)).toEqual([
      {
        order_id: ids.order1,
        lot_number: 'RPT-R1',
        product_name: 'Colombia Single',
        roaster: names.r1,
        green_in: 200,
        roasted_out: 170,
        loss: 30,
        percent: 15,
      },
      {
        order_id: ids.order1,
        lot_number: 'RPT-R2',
        product_name: 'Colombia Single',
        roaster: names.r1,
        green_in: 200,
        roasted_out: 168,
        loss: 32,
        percent: 16,
      },
      {
        order_id: ids.order2,
        lot_number: 'RPT-R3',
        product_name: 'Report Blend',
        roaster: names.r2,
        green_in: 200,
        roasted_out: 172,
        loss: 28,
        percent: 14,
      },
    ]);
    expect(s.products).toEqual([
      {
        product_name: 'Colombia Single',
        batches: 2,
        green_in: 400,
        roasted_out: 338,
        loss: 62,
        percent: 15.5,
      },
      {
        product_name: 'Report Blend',
        batches: 1,
        green_in: 200,
        roasted_out: 172,
        loss: 28,
        percent: 14,
      },
    ]);
    expect(s.roasters.map((r) => [r.roaster, r.percent])).toEqual([
      [names.r1, 15.5],
      [names.r2, 14],
    ]);
  });

  it('packing: each order packed in the period, for whom, with its bins and lots, latest first', async () => {
    const p = await get<PackingRecord[]>(`/api/report/packing?${NOW()}`);
    expect(p.map((r) => [r.order_id, r.customer, r.recipe, r.total_weight])).toEqual([
      [ids.packQ, 'Deli Dos', 'Colombia Single', 100],
      [ids.packP, 'Cafe Uno', 'Colombia Single', 150],
    ]);
    expect(p[0]?.bins.map((b) => [b.lot_number, b.amount, b.bean_name, b.green_lots])).toEqual([
      ['RPT-R1', 20, 'Colombia Single · lot RPT-R1', ['RPT-C']],
      ['RPT-R2', 80, 'Colombia Single · lot RPT-R2', ['RPT-C']],
    ]);
    expect(p[0]?.bins.every((b) => b.roasted_date !== null)).toBe(true);
  });

  it('recall forward: a green lot to its batches, bins, packed orders and customers', async () => {
    const r = await get<RecallReport>('/api/report/recall?lot=RPT-C');
    expect(r).toMatchObject({
      direction: 'lot',
      subject: 'RPT-C',
      bean_name: 'Colombia Report',
      received: 1000,
    });
    expect(
      r.batches.map((b) => [
        b.order_id,
        b.seq,
        b.roaster,
        b.green_lbs,
        b.roasted_lot,
        b.roasted_lbs,
      ]),
    ).toEqual([
      [ids.order1, 1, names.r1, 200, 'RPT-R1', 170],
      [ids.order1, 2, names.r1, 200, 'RPT-R2', 168],
      // 123 drawn less its 3 of cleaner waste.
      [ids.order2, 1, names.r2, 120, 'RPT-R3', 172],
    ]);
    // Each green lot's batch by its order and place in it, as the screen names it.
    expect(r.green_lots.map((g) => [g.lot_number, g.order_id, g.seq, g.lbs])).toEqual([
      ['RPT-C', ids.order1, 1, 200],
      ['RPT-C', ids.order1, 2, 200],
      ['RPT-C', ids.order2, 1, 120],
      ['RPT-B', ids.order2, 1, 80],
    ]);
    expect(r.bins).toEqual([
      { roasted_lot: 'RPT-R1', bin: names.wrb1, lbs: 170 },
      { roasted_lot: 'RPT-R2', bin: names.wrb1, lbs: 168 },
      { roasted_lot: 'RPT-R3', bin: names.wrb2, lbs: 172 },
    ]);
    expect(r.held).toEqual([
      { lot_number: 'RPT-C', device: names.gs1, lbs: 468 },
      // The cleaner's waste of it stays traceable in the waste bin: 5 + 4 + 3.
      { lot_number: 'RPT-C', device: names.waste, lbs: 12 },
      { lot_number: 'RPT-R2', device: names.wrb1, lbs: 88 },
      { lot_number: 'RPT-R3', device: names.wrb2, lbs: 172 },
    ]);
    expect(r.packed.map((p) => [p.order_id, p.customer, p.roasted_lot, p.lbs])).toEqual([
      [ids.packP, 'Cafe Uno', 'RPT-R1', 150],
      [ids.packQ, 'Deli Dos', 'RPT-R1', 20],
      [ids.packQ, 'Deli Dos', 'RPT-R2', 80],
    ]);
    expect(r.customers).toEqual([
      { customer: 'Cafe Uno', orders: [ids.packP], lbs: 150 },
      { customer: 'Deli Dos', orders: [ids.packQ], lbs: 100 },
    ]);
  });

  it('recall back: a packed order to its green lots; a roasting order to its lots', async () => {
    const q = await get<RecallReport>(`/api/report/recall?order=${ids.packQ}`);
    expect(q.green_lots.map((g) => [g.lot_number, g.lbs])).toEqual([
      ['RPT-C', 200],
      ['RPT-C', 200],
    ]);
    expect(q.batches.map((b) => [b.roasted_lot, b.green_lbs])).toEqual([
      ['RPT-R1', 200],
      ['RPT-R2', 200],
    ]);
    expect(q.customers).toEqual([{ customer: 'Deli Dos', orders: [ids.packQ], lbs: 100 }]);
    const o2 = await get<RecallReport>(`/api/report/recall?order=${ids.order2}`);
    expect(o2.green_lots.map((g) => [g.lot_number, g.lbs])).toEqual([
      ['RPT-C', 120],
      ['RPT-B', 80],
    ]);
    expect(o2.packed).toEqual([]);
    expect(o2.held).toEqual([{ lot_number: 'RPT-R3', device: names.wrb2, lbs: 172 }]);
  });
});

describe('report requests refused', () => {
  it.each([
    [
      '/api/report/summary?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      reportMessages.period,
    ],
    [
      '/api/report/oee?from=2000-01-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      reportMessages.periodTooLong,
    ],
    ['/api/report/production?tz=Mars%2FOlympus', reportMessages.timeZone],
    ['/api/report/recall?lot=RPT-C&order=1', reportMessages.recallTarget],
    ['/api/report/recall', reportMessages.recallTarget],
  ])('%s: 400', async (url, message) => {
    const res = await supervisor('GET', url);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it.each([
    '/api/report/shrinkage?q=0',
    '/api/report/shrinkage?from=yesterday',
    "/api/report/cleaner_waste?tz=UTC'%3B drop table orders--",
    '/api/report/summary?where=1',
    '/api/report/recall?order=99999999999',
  ])('%s: 400, nothing run', async (url) => {
    expect((await supervisor('GET', url)).status).toBe(400);
  });

  it('unknown lot and order: 404', async () => {
    expect((await supervisor('GET', '/api/report/recall?lot=NOPE')).status).toBe(404);
    expect((await supervisor('GET', '/api/report/recall?order=999999')).status).toBe(404);
  });

  it('an operator may not read reports', async () => {
    const operator = t.as(Role.Operator);
    for (const path of [
      'summary',
      'oee',
      'production',
      'cleaner_waste',
      'shrinkage',
      'packing',
      'recall?lot=RPT-C',
    ]) {
      expect((await operator('GET', `/api/report/${path}`)).status).toBe(403);
    }
  });
});
