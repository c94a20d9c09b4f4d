import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  Role,
  lotHoldMessages,
  type AuditPage,
  type AuditVerification,
  type LotHoldPreview,
  type LotHoldResult,
  type QualityLot,
} from '@roastery/contract';
import { beans, orderBatches, orders, qualityLotStatus } from '@roastery/db';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  buildTestApp,
  seedDemoPlant,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';
import { newBean, newOrder, newProduct } from '../../../test/order-fixtures.ts';

let t: TestApp;
let supervisor: ApiCaller;
let admin: ApiCaller;
let productId = 0;
let scenarios = 0;
const dev: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  supervisor = t.as(Role.Supervisor);
  admin = t.as(Role.Administrator);
  for (const code of ['GS1', 'GS2', 'R1', 'WRB1', 'WRB2'])
    dev[code] = (await t.services.devices.summary(code)).d_id;
  const bean = await newBean(supervisor, 'Hold Blend Bean');
  productId = await newProduct(supervisor, 'Hold Blend', [{ bean_id: bean, ratio: 100 }], 200);
});
afterAll(() => t.close());

interface Draw {
  silo: string;
  beanId: number;
  lbs: number;
}

/**
 * One batch of a roasting order on the ledger, as the order runs book it: the draws charged
 * into R1, 85% dropped into the bin as the batch's roasted lot, the rest roast loss.
 */
async function roastBatch(
  orderId: number,
  seq: number,
  draws: Draw[],
  roasted: { lotNumber: string; beanId: number; bin: string },
) {
  const { ledger } = t.services;
  const [batch] = await t.database.db
    .insert(orderBatches)
    .values({ orderId, seq, status: 'finished', roasterDevice: dev.R1 })
    .returning({ id: orderBatches.id });
  const batchId = batch?.id ?? 0;
  for (const d of draws)
    await ledger.move({
      fromDevice: dev[d.silo] ?? 0,
      toDevice: dev.R1 ?? 0,
      lbs: d.lbs,
      reason: 'roast_in',
      batchId,
      orderId,
      beanId: d.beanId,
    });
  const green = draws.reduce((sum, d) => sum + d.lbs, 0);
  const out = { fromDevice: dev.R1 ?? 0, toDevice: null, batchId, orderId };
  await ledger.move({ ...out, lbs: green * 0.85, reason: 'roast_out' });
  await ledger.move({ ...out, lbs: green * 0.15, reason: 'roast_loss' });
  const lotId = await ledger.createLot({ ...roasted, kind: 'roasted', roastedAt: new Date() });
  await ledger.receive({
    toDevice: dev[roasted.bin] ?? 0,
    lotId,
    lbs: green * 0.85,
    reason: 'roast_out',
    batchId,
    orderId,
  });
  await t.database.db
    .update(orderBatches)
    .set({ roastedLotId: lotId })
    .where(eq(orderBatches.id, batchId));
  return lotId;
}

/**
 * A green lot G (500 lb in GS1) roasted in two batches: R1 of G alone (200 lb green, 170 lb
 * roasted into WRB1) and R2, a blend of G and another green lot B (100 + 100 lb, 170 lb into
 * WRB2). A third batch R3 of B alone (100 lb, 85 lb into WRB1) owes nothing to G. Each scenario
 * has beans of its own, so that its draws take only its own lots from the shared silos and bins.
 */
async function scenario() {
  scenarios += 1;
  const p = `HF${scenarios}`;
  const { ledger } = t.services;
  const [g, b] = await t.database.db
    .insert(beans)
    .values([{ name: `${p} Colombia` }, { name: `${p} Brazil` }])
    .returning({ id: beans.id });
  const beanG = g?.id ?? 0;
  const beanB = b?.id ?? 0;
  const green = `${p}-G`;
  const gId = await ledger.createLot({ lotNumber: green, beanId: beanG, kind: 'green' });
  const bId = await ledger.createLot({ lotNumber: `${p}-B`, beanId: beanB, kind: 'green' });
  await ledger.receive({ toDevice: dev.GS1 ?? 0, lotId: gId, lbs: 500, reason: 'dump' });
  await ledger.receive({ toDevice: dev.GS2 ?? 0, lotId: bId, lbs: 300, reason: 'dump' });
  const orderId = await newOrder(t.database.db, { kind: 'roasting', productId, lbs: 500 });
  const r1 = await roastBatch(orderId, 1, [{ silo: 'GS1', beanId: beanG, lbs: 200 }], {
    lotNumber: `${p}-R1`,
    beanId: beanG,
    bin: 'WRB1',
  });
  const blend = [
    { silo: 'GS1', beanId: beanG, lbs: 100 },
    { silo: 'GS2', beanId: beanB, lbs: 100 },
  ];
  const r2 = await roastBatch(orderId, 2, blend, {
    lotNumber: `${p}-R2`,
    beanId: beanG,
    bin: 'WRB2',
  });
  const r3 = await roastBatch(orderId, 3, [{ silo: 'GS2', beanId: beanB, lbs: 100 }], {
    lotNumber: `${p}-R3`,
    beanId: beanB,
    bin: 'WRB1',
  });
  return { p, green, beanG, gId, r1, r2, r3 };
}

/** Packs a roasted lot's bean out of a bin for a packing order of a customer. */
async function pack(bin: string, beanId: number, lbs: number, customer: string) {
  const orderId = await newOrder(t.database.db, { kind: 'packing', productId, lbs });
  await t.database.db.update(orders).set({ customer }).where(eq(orders.id, orderId));
  await t.services.ledger.move({
    fromDevice: dev[bin] ?? 0,
    toDevice: null,
    lbs,
    reason: 'pack',
    orderId,
    beanId,
  });
  return orderId;
}

const hold = (caller: ApiCaller, lot_number: string, reason: string) =>
  caller<LotHoldResult & { message?: string }>('POST', '/api/quality/holds', {
    lot_number,
    reason,
  });
const lot = async (lotId: number) =>
  (await supervisor<QualityLot>('GET', `/api/quality/lots/${lotId}`)).body;
const decide = (caller: ApiCaller, lotId: number, body: object) =>
  caller<QualityLot & { message?: string }>('POST', `/api/quality/lots/${lotId}/decision`, body);
const statusRows = (ids: number[]) =>
  t.database.db.select().from(qualityLotStatus).where(inArray(qualityLotStatus.lotId, ids));

describe('holding a lot and everything made from it', () => {
  it('holds a green lot and the roasted lots of both its batches, a blend among them, and lists what left', async () => {
    const s = await scenario();
    const packed = await pack('WRB1', s.beanG, 170, 'Cafe Uno');
    const partly = await pack('WRB2', s.beanG, 50, 'Deli Dos');
    const preview = await supervisor<LotHoldPreview>('GET', `/api/quality/holds/${s.green}`);
    expect(preview.body).toEqual({
      lot_number: s.green,
      kind: 'green',
      status: 'pending',
      reason: '',
      would_hold: [s.green, `${s.p}-R2`],
      left_orders: 2,
    });

    const res = await hold(supervisor, s.green, '  Supplier recall: aflatoxin ');
    expect(res.status).toBe(201);
    expect(res.body.reason).toBe('Supplier recall: aflatoxin');
    expect(
      res.body.held.map((l) => [l.lot_number, l.kind, l.status_before, l.lbs_in_plant]),
    ).toEqual([
      [s.green, 'green', 'pending', 200],
      [`${s.p}-R2`, 'roasted', 'pending', 120],
    ]);
    expect(res.body.held.map((l) => l.places)).toEqual([
      [{ device: 'Green Silo 1', lbs: 200 }],
      [{ device: 'WRB Bin 2', lbs: 120 }],
    ]);
    // Fully packed: nothing of it is in the plant to hold; it is on the recall list instead.
    expect(res.body.unchanged.map((l) => [l.lot_number, l.status, l.lbs_in_plant])).toEqual([
      [`${s.p}-R1`, 'pending', 0],
    ]);
    expect(res.body.left.map((l) => [l.order_id, l.customer, l.roasted_lot, l.lbs])).toEqual([
      [packed, 'Cafe Uno', `${s.p}-R1`, 170],
      [partly, 'Deli Dos', `${s.p}-R2`, 50],
    ]);
    expect(res.body.left.every((l) => !Number.isNaN(Date.parse(l.packed_at)))).toBe(true);

    expect(await lot(s.r2)).toMatchObject({
      status: 'on_hold',
      reason: `Held with green lot ${s.green}: Supplier recall: aflatoxin`,
    });
    expect((await lot(s.r1)).status).toBe('pending');
    // R3 is of the other green lot only.
    expect((await lot(s.r3)).status).toBe('pending');
    const green = await supervisor<LotHoldPreview>('GET', `/api/quality/holds/${s.green}`);
    expect(green.body).toMatchObject({
      status: 'on_hold',
      reason: 'Held: Supplier recall: aflatoxin',
    });
    const bell = await t.services.notifications.unseen();
    expect(bell.map((n) => n.text)).toContain(
      `Lot ${s.green} and 1 lot made from it are on hold: Supplier recall: aflatoxin. 2 packed orders already left the plant (Cafe Uno, Deli Dos).`,
    );
  });

  it('puts a released lot on hold, for two different people to release again; a rejected lot stays rejected', async () => {
    const s = await scenario();
    const released = await decide(supervisor, s.r2, {
      meaning: 'released',
      password: USER_PASSWORD,
    });
    expect(released.body).toMatchObject({ status: 'released' });
    const rejected = await decide(admin, s.r1, {
      meaning: 'rejected',
      reason: 'Scorched',
      password: ADMIN_PASSWORD,
    });
    expect(rejected.body.status).toBe('rejected');

    const res = await hold(admin, s.green, 'Foreign matter in the silo');
    expect(res.body.held.map((l) => [l.lot_number, l.status_before, l.status])).toEqual([
      [s.green, 'pending', 'on_hold'],
      [`${s.p}-R2`, 'released', 'on_hold'],
    ]);
    expect(res.body.unchanged.map((l) => [l.lot_number, l.status, l.lbs_in_plant])).toEqual([
      [`${s.p}-R1`, 'rejected', 170],
    ]);
    expect(await lot(s.r1)).toMatchObject({ status: 'rejected', reason: 'Scorched' });

    const first = await decide(supervisor, s.r2, { meaning: 'released', password: USER_PASSWORD });
    expect(first.body).toMatchObject({ status: 'on_hold', awaiting_second_signature: true });
    const again = await decide(supervisor, s.r2, { meaning: 'released', password: USER_PASSWORD });
    expect(again.status).toBe(409);
    const second = await decide(admin, s.r2, { meaning: 'released', password: ADMIN_PASSWORD });
    expect(second.body.status).toBe('released');
  });

  it('holds a roasted lot by itself, with what of it left the plant', async () => {
    const s = await scenario();
    const packed = await pack('WRB2', s.beanG, 70, 'Roastery Row');
    const res = await hold(supervisor, `${s.p}-R2`, 'Bitter cup');
    expect(res.body.held.map((l) => [l.lot_number, l.lbs_in_plant])).toEqual([[`${s.p}-R2`, 100]]);
    expect(res.body.left.map((l) => [l.order_id, l.customer, l.lbs])).toEqual([
      [packed, 'Roastery Row', 70],
    ]);
    expect(await lot(s.r2)).toMatchObject({ status: 'on_hold', reason: 'Held: Bitter cup' });
    expect((await statusRows([s.gId, s.r1])).length).toBe(0);
  });

  it('changes nothing for an unknown lot, an empty reason or an operator', async () => {
    const s = await scenario();
    const ids = [s.gId, s.r1, s.r2, s.r3];
    const unknown = await hold(supervisor, 'NO-SUCH-LOT', 'Recall');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Lot NO-SUCH-LOT not found.');
    const empty = await hold(supervisor, s.green, '   ');
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(lotHoldMessages.reason);
    expect((await hold(t.as(Role.Operator), s.green, 'Recall')).status).toBe(403);
    expect((await supervisor('GET', '/api/quality/holds/NO-SUCH-LOT')).status).toBe(404);
    expect(await statusRows(ids)).toEqual([]);
  });

  it('joins the audit chain, which verifies with the hold in it', async () => {
    const s = await scenario();
    await hold(supervisor, s.green, 'Pest found');
    await t.services.audit.flush();
    const page = await admin<AuditPage>('GET', `/api/audit?category=quality&text=${s.green}`);
    expect(page.body.data.map((e) => [e.user_name, e.action, e.target, e.result])).toEqual([
      [
        'sam.supervisor',
        'hold forward',
        `lot ${s.green}`,
        `held 3 lots (${s.green}, ${s.p}-R1, ${s.p}-R2): Pest found; nothing of it left the plant`,
      ],
    ]);
    expect((await admin<AuditVerification>('GET', '/api/audit/verify')).body.intact).toBe(true);
  });
});
