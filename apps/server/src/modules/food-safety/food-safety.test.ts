import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import {
  Role,
  roastPhases,
  type AuditPage,
  type AuditVerification,
  type Deviation,
  type FoodSafetyDay,
  type MonitoringRecord,
  type PackingCheck,
  type QualityLot,
} from '@roastery/contract';
import {
  devices,
  foodSafetyMonitoring,
  foodSafetyPackingChecks,
  orderBatches,
  orders,
  users,
  type StoredRoastSample,
} from '@roastery/db';
import {
  USER_PASSWORD,
  buildTestApp,
  seedDemoPlant,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';
import { newBean, newOrder, newProduct } from '../../../test/order-fixtures.ts';
import { databaseMessage } from '../../lib/db-errors.ts';
import { RoastRecordsRepository } from '../roast-records/roast-records-repository.ts';

let t: TestApp;
let supervisor: ApiCaller;
let operator: ApiCaller;
let admin: ApiCaller;
let productId = 0;
let beanId = 0;
let orderId = 0;
let packingOrderId = 0;
let roasterRef = 0;
let batches = 0;

/** The kill step at 400 °F for 60 s, a city roast's end temperature and time. */
const LIMITS = {
  kill_step: true,
  min_bt_f: 400,
  min_seconds: 60,
  max_end_f: 440,
  max_total_s: 720,
};

/**
 * A roast as the roaster's PLC reports it, a sample a second: BT falls from 420 °F at charge to
 * 200 °F at 90 s, then climbs in a straight line to 430 °F at the drop at 600 s. It is at or
 * above 400 °F from 533.5 s (90 + 510 × 200 / 230): 66.5 s before the drop.
 */
function curve(): StoredRoastSample[] {
  return Array.from({ length: 601 }, (_, s) => {
    const bt = s <= 90 ? 420 - (220 * s) / 90 : 200 + (230 * (s - 90)) / 510;
    return [s, bt, bt + 40, null, null, null, 0] satisfies StoredRoastSample;
  });
}

/** A batch of the order, with its roasted lot, roasted now; its record linked as the runs do. */
async function roastedBatch(colour = 52): Promise<{ batchId: number; lotNumber: string }> {
  batches += 1;
  const lotNumber = `FS-${batches}`;
  const lotId = await t.services.ledger.createLot({ lotNumber, beanId, kind: 'roasted' });
  const startedAt = new Date(Date.UTC(2026, 3, 1, batches));
  const [batch] = await t.database.db
    .insert(orderBatches)
    .values({
      orderId,
      seq: batches,
      status: 'finished',
      roasterDevice: roasterRef,
      roastedLotId: lotId,
      startedAt,
    })
    .returning({ id: orderBatches.id });
  if (!batch) throw new Error('no batch');
  const chargedAt = new Date(startedAt.getTime() + 60_000);
  const drop = { t_s: 600, bt_f: 430, source: 'sensor' as const };
  const events = { turning_point: null, dry_end: null, first_crack: null, drop };
  await new RoastRecordsRepository(t.database.db).insert({
    roasterDevice: roasterRef,
    batchId: null,
    chargedAt,
    droppedAt: new Date(chargedAt.getTime() + 600_000),
    roastS: 600,
    endBtF: 430,
    greenCenti: 50_000,
    roastedCenti: 43_000,
    colour,
    greenMoisturePct: null,
    greenDensityGPerL: null,
    dryEndF: 300,
    samples: curve(),
    events,
    phases: roastPhases(events, 600),
  });
  await t.services.roastRecords.batchRoasted({
    batchId: batch.id,
    roasterDevice: roasterRef,
    startedAt,
  });
  await t.services.foodSafety.settled();
  return { batchId: batch.id, lotNumber };
}

const today = () => new Date().toISOString().slice(0, 10);
const day = async () =>
  (await supervisor<FoodSafetyDay>('GET', `/api/food-safety/days/${today()}`)).body;
const monitoringOf = async (batchId: number) =>
  (await day()).monitoring.filter((m) => m.batch_id === batchId);
const lotByNumber = async (lotNumber: string) =>
  (await supervisor<QualityLot[]>('GET', '/api/quality/lots')).body.find(
    (l) => l.lot_number === lotNumber,
  );
const correct = (id: number) =>
  supervisor<Deviation & { message?: string }>(
    'POST',
    `/api/food-safety/deviations/${id}/corrective-action`,
    { who: 'Sam Supervisor', what: 'Batch re-roasted and held', when: new Date().toISOString() },
  );
const refusal = (query: Promise<unknown>) =>
  query.then(
    () => 'done',
    (error: unknown) => databaseMessage(error),
  );

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  await seedDemoPlant(db, t.services.plant);
  supervisor = t.as(Role.Supervisor);
  operator = t.as(Role.Operator);
  admin = t.as(Role.Administrator);
  beanId = await newBean(supervisor, 'Safety Bean');
  productId = await newProduct(supervisor, 'Safety Blend', [{ bean_id: beanId, ratio: 100 }], 100);
  orderId = await newOrder(db, { kind: 'roasting', productId, lbs: 1000, roaster: 'R1' });
  packingOrderId = await newOrder(db, { kind: 'packing', productId, lbs: 500 });
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.fullName, 'Sam Supervisor'));
  await db
    .update(orders)
    .set({ createdBy: owner?.id ?? null })
    .where(eq(orders.id, orderId));
  const [r1] = await db.select({ id: devices.id }).from(devices).where(eq(devices.deviceId, 'R1'));
  roasterRef = r1?.id ?? 0;
  const saved = await supervisor('PUT', `/api/food-safety/limits/${productId}`, LIMITS);
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  await supervisor('PUT', `/api/quality/specs/${productId}`, { colour_min: 45, colour_max: 60 });
});
afterAll(() => t.close());

describe('critical limits', () => {
  it('keeps them with the quality colour bounds, and refuses a kill step without its time', async () => {
    const read = await operator('GET', `/api/food-safety/limits/${productId}`);
    expect(read.body).toMatchObject({ ...LIMITS, colour_min: 45, colour_max: 60 });
    const half = await supervisor('PUT', `/api/food-safety/limits/${productId}`, {
      ...LIMITS,
      min_seconds: null,
    });
    expect(half.status).toBe(400);
    expect(half.body.message).toContain('needs its minimum bean temperature');
    expect((await operator('PUT', `/api/food-safety/limits/${productId}`, LIMITS)).status).toBe(
      403,
    );
    expect((await supervisor('GET', '/api/food-safety/limits/999999')).status).toBe(404);
  });
});

describe('the monitoring record of a roasted batch', () => {
  it("is written from the roast record's curve, with the seconds at or above the limit", async () => {
    const { batchId, lotNumber } = await roastedBatch();
    const [record] = await monitoringOf(batchId);
    expect(record).toMatchObject({
      lot_number: lotNumber,
      product_name: 'Safety Blend',
      roaster: 'Roaster 1',
      person: 'Sam Supervisor',
      source: 'plc',
      kill_step: true,
      min_bt_f: 400,
      seconds_at_or_above: 66.5,
      max_bt_f: 430,
      end_bt_f: 430,
      total_s: 600,
      colour: 52,
      met: true,
      corrects: null,
    } satisfies Partial<MonitoringRecord>);
    expect(record?.checks.map((c) => [c.criterion, c.actual, c.met])).toEqual([
      ['time_at_temperature', 66.5, true],
      ['end_temperature', 430, true],
      ['total_time', 600, true],
      ['colour', 52, true],
    ]);
    expect((await day()).deviations.filter((d) => d.subject === `Lot ${lotNumber}`)).toEqual([]);
  });

  it('opens a deviation for a missed limit, and the lot is released only after its corrective action', async () => {
    const strict = { ...LIMITS, min_seconds: 120 };
    expect((await supervisor('PUT', `/api/food-safety/limits/${productId}`, strict)).status).toBe(
      200,
    );
    const { batchId, lotNumber } = await roastedBatch();
    await supervisor('PUT', `/api/food-safety/limits/${productId}`, LIMITS);
    const [record] = await monitoringOf(batchId);
    expect(record?.met).toBe(false);
    const deviation = (await day()).open_deviations.find((d) => d.subject === `Lot ${lotNumber}`);
    expect(deviation?.description).toBe(
      'Kill step: time at temperature 67 s at or above 400 °F, limit at least 120 s.',
    );
    const lot = await lotByNumber(lotNumber);
    const release = () =>
      supervisor<QualityLot>('POST', `/api/quality/lots/${lot?.lot_id}/decision`, {
        meaning: 'released',
        password: USER_PASSWORD,
      });
    const refused = await release();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: `Lot ${lotNumber} has an open food-safety deviation: ${deviation?.description} Record the corrective action first.`,
    });
    expect((await lotByNumber(lotNumber))?.signatures).toEqual([]);

    const closed = await correct(deviation?.id ?? 0);
    expect(closed.status).toBe(201);
    expect(closed.body.corrective_action).toMatchObject({
      who: 'Sam Supervisor',
      what: 'Batch re-roasted and held',
      entered_by: 'Sam Supervisor',
    });
    expect((await correct(deviation?.id ?? 0)).status).toBe(409);
    expect((await release()).body.status).toBe('released');
  });
});

describe('checks at packing', () => {
  it('records pass and fail with the person; a fail opens a deviation; a correction names the old', async () => {
    const check = {
      packing_order_id: packingOrderId,
      metal_fe: 'pass',
      metal_non_fe: 'fail',
      metal_stainless: 'pass',
      check_weigher: 'pass',
      check_weigher_lbs: 12.02,
    };
    const failed = await supervisor<PackingCheck>('POST', '/api/food-safety/packing-checks', check);
    expect(failed.status).toBe(201);
    expect(failed.body).toMatchObject({
      passed: false,
      by: 'Sam Supervisor',
      metal_non_fe: 'fail',
    });
    const open = (await day()).open_deviations.find((d) => d.packing_check_id === failed.body.id);
    expect(open?.description).toBe('The metal detector did not reject the non-Fe test piece.');

    const bare = await supervisor('POST', '/api/food-safety/packing-checks', {
      ...check,
      corrects: failed.body.id,
    });
    expect(bare.status).toBe(422);
    const fixed = await supervisor<PackingCheck>('POST', '/api/food-safety/packing-checks', {
      ...check,
      metal_non_fe: 'pass',
      corrects: failed.body.id,
      correction_reason: 'The wrong test piece was passed through.',
    });
    expect(fixed.body).toMatchObject({ passed: true, corrects: failed.body.id });
    const stored = await t.database.db
      .select({ id: foodSafetyPackingChecks.id, result: foodSafetyPackingChecks.metalNonFe })
      .from(foodSafetyPackingChecks)
      .where(eq(foodSafetyPackingChecks.packingOrderId, packingOrderId))
      .orderBy(asc(foodSafetyPackingChecks.id));
    expect(stored).toEqual([
      { id: failed.body.id, result: 'fail' },
      { id: fixed.body.id, result: 'pass' },
    ]);
    const roasting = await supervisor('POST', '/api/food-safety/packing-checks', {
      ...check,
      packing_order_id: orderId,
    });
    expect(roasting.status).toBe(404);
    expect((await operator('POST', '/api/food-safety/packing-checks', check)).status).toBe(403);
  });
});

describe("the day's verification", () => {
  it('is signed once every deviation has its action; the signature joins the audit chain', async () => {
    const { batchId } = await roastedBatch(70);
    const dark = (await day()).open_deviations.find((d) => d.monitoring_id !== null);
    expect(dark?.description).toBe('Colour 70, limit 45 to 60.');
    const early = await supervisor('POST', `/api/food-safety/days/${today()}/signature`, {
      password: USER_PASSWORD,
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^The day's deviation [\d, ]+ is open/);
    for (const d of (await day()).open_deviations) expect((await correct(d.id)).status).toBe(201);
    const wrong = await supervisor('POST', `/api/food-safety/days/${today()}/signature`, {
      password: 'not-it-123',
    });
    expect(wrong.status).toBe(422);
    const signed = await supervisor<FoodSafetyDay>(
      'POST',
      `/api/food-safety/days/${today()}/signature`,
      { password: USER_PASSWORD },
    );
    expect(signed.status).toBe(200);
    const signature = signed.body.signatures.at(-1);
    expect(signature).toMatchObject({ by: 'Sam Supervisor', intact: true });
    expect(signed.body.unsigned_records).toBe(0);

    await t.services.audit.flush();
    const page = await admin<AuditPage>(
      'GET',
      `/api/audit?category=food-safety&text=${encodeURIComponent(`signature ${signature?.id}`)}`,
    );
    expect(page.body.data[0]).toMatchObject({
      user_name: 'sam.supervisor',
      action: 'day verification',
      target: `day ${today()}, signature ${signature?.id}`,
    });
    expect(page.body.data[0]?.result).toContain(`records sha256 ${signature?.record_sha256}`);
    expect((await admin<AuditVerification>('GET', '/api/audit/verify')).body.intact).toBe(true);

    // Signed records cannot change, nor go: the database itself refuses.
    const { db } = t.database;
    const [row] = await db
      .select()
      .from(foodSafetyMonitoring)
      .where(eq(foodSafetyMonitoring.batchId, batchId));
    const update = db
      .update(foodSafetyMonitoring)
      .set({ colour: 55 })
      .where(eq(foodSafetyMonitoring.id, row?.id ?? 0));
    expect(await refusal(update)).toBe(
      'Food-safety records are append-only and kept for at least two years: UPDATE on food_safety_monitoring is not allowed; record a correction instead',
    );
    expect(await refusal(db.delete(foodSafetyMonitoring).where(sql`true`))).toContain(
      'DELETE on food_safety_monitoring is not allowed',
    );
    expect(await refusal(db.execute(sql`truncate food_safety_packing_checks cascade`))).toContain(
      'TRUNCATE on food_safety_packing_checks is not allowed',
    );

    // Changed behind the triggers' back, the day no longer hashes to what was signed.
    await db.execute(sql`alter table food_safety_monitoring disable trigger user`);
    try {
      await db
        .update(foodSafetyMonitoring)
        .set({ colour: 55 })
        .where(eq(foodSafetyMonitoring.id, row?.id ?? 0));
      expect((await day()).signatures.at(-1)?.intact).toBe(false);
      await db
        .update(foodSafetyMonitoring)
        .set({ colour: row?.colour ?? null })
        .where(eq(foodSafetyMonitoring.id, row?.id ?? 0));
    } finally {
      await db.execute(sql`alter table food_safety_monitoring enable trigger user`);
    }
    expect((await day()).signatures.at(-1)?.intact).toBe(true);

    // A correction is a new record naming the old, which waits for the day's next signature.
    const again = await supervisor<MonitoringRecord>(
      'POST',
      `/api/food-safety/monitoring/${row?.id}/correction`,
      { reason: 'Colour meter recalibrated' },
    );
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ corrects: row?.id, batch_id: batchId, colour: 70 });
    expect(again.body.correction_reason).toBe(
      'Colour meter recalibrated (asked by Sam Supervisor)',
    );
    const after = await day();
    expect(after.signatures.at(-1)?.intact).toBe(true);
    expect(after.unsigned_records).toBe(2);
  });

  it('refuses a day not begun and a day signed with nothing new', async () => {
    const future = await supervisor('POST', '/api/food-safety/days/2999-01-01/signature', {
      password: USER_PASSWORD,
    });
    expect(future.status).toBe(422);
    const empty = '2020-02-02';
    const first = await supervisor('POST', `/api/food-safety/days/${empty}/signature`, {
      password: USER_PASSWORD,
    });
    expect(first.status).toBe(200);
    const second = await supervisor('POST', `/api/food-safety/days/${empty}/signature`, {
      password: USER_PASSWORD,
    });
    expect(second.status).toBe(409);
    expect((await supervisor('GET', '/api/food-safety/days/2020-02-30')).status).toBe(400);
  });
});

describe('printable records', () => {
  it("renders a batch's record and a day's records as PDF", async () => {
    const { batchId, lotNumber } = await roastedBatch();
    const token = await t.tokenFor(Role.Supervisor);
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const batch = await get(`/api/food-safety/batches/${batchId}/record.pdf`);
    expect(batch.statusCode).toBe(200);
    expect(batch.headers['content-type']).toBe('application/pdf');
    expect(batch.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(batch.rawPayload.toString('latin1')).toContain(
      `Food-safety batch record, lot ${lotNumber}`,
    );
    const dayPdf = await get(`/api/food-safety/days/${today()}/records.pdf`);
    expect(dayPdf.statusCode).toBe(200);
    expect(dayPdf.rawPayload.toString('latin1')).toContain(`Food-safety records of ${today()}`);
    expect((await get('/api/food-safety/batches/999999/record.pdf')).statusCode).toBe(404);
  });
});
