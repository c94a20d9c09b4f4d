import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, type DeviceDetail, type DeviceSummary, type OeeEntry } from '@roastery/contract';
import { devices, orderBatches } from '@roastery/db';
import { buildTestApp, seedDemoPlant, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { newBean, newOrder, newProduct, quickPackWorkflow } from '../../../test/order-fixtures.ts';
import { ReportRepository } from './report-repository.ts';
import { ReportService } from './report-service.ts';

/*
 * One day of three lines, every figure worked out by hand:
 * - Roaster 1, its nameplate set by an administrator to 500 lbs per batch in a 20 minute cycle
 *   (1,500 lbs/h): two batches of 500 lbs in 25 minutes each, one failed after 10 minutes.
 * - Packer 1 at its demo rating of 6,000 lbs/h: 500 lbs in 10 minutes, then a run recorded
 *   Finished with nothing packed (as empty runs were before they failed).
 * - The manual bagging station, with no rated rate: 250 lbs in 30 minutes, one failed run.
 */
let t: TestApp;
let admin: ApiCaller;
let supervisor: ApiCaller;
const DAY = '2026-02-02';
const at = (time: string) => new Date(`${DAY}T${time}:00Z`);
const names = { r1: '', mb1: '' };

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  admin = t.as(Role.Administrator);
  supervisor = t.as(Role.Supervisor);
  const db = t.database.db;

  const r1 = (await admin<DeviceSummary>('GET', '/api/device/info/R1')).body;
  names.r1 = r1.device_name;
  names.mb1 = (await admin<DeviceSummary>('GET', '/api/device/info/MB1')).body.device_name;
  const set = await admin<DeviceDetail>('PUT', '/api/device/R1', {
    device_name: r1.device_name,
    device_type: r1.device_type,
    device_description: r1.device_description,
    device_stage: r1.device_stage,
    device_unit: r1.device_unit,
    batch_capacity: 500,
    ideal_cycle_minutes: 20,
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);

  const bean = await newBean(supervisor, 'OEE Bean');
  const product = await newProduct(supervisor, 'OEE Single', [{ bean_id: bean, ratio: 100 }], 500);
  const roasting = await newOrder(db, {
    kind: 'roasting',
    productId: product,
    lbs: 1500,
    roaster: 'R1',
    destination: 'WRB1',
  });
  const [r1Ref] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.deviceId, 'R1'));
  const onPacker = await quickPackWorkflow(db, 'WRB1', 'PK1', 'OEE pack on PK1');
  const byHand = await quickPackWorkflow(db, 'WRB2', 'MB1', 'OEE pack by hand');
  const packing = await newOrder(db, {
    kind: 'packing',
    productId: product,
    lbs: 500,
    workflowId: onPacker,
  });
  const bagging = await newOrder(db, {
    kind: 'packing',
    productId: product,
    lbs: 250,
    workflowId: byHand,
  });
  // The order runner writes these rows as its runs start and end; the plant is not running here.
  const batch = (
    orderId: number,
    seq: number,
    status: 'finished' | 'failed',
    start: string,
    end: string,
    weight: { green?: number; roasted?: number } = {},
  ) => ({
    orderId,
    seq,
    status,
    startedAt: at(start),
    finishedAt: at(end),
    roasterDevice: orderId === roasting ? (r1Ref?.id ?? null) : null,
    greenCenti: weight.green ?? null,
    roastedCenti: weight.roasted ?? null,
  });
  await db
    .insert(orderBatches)
    .values([
      batch(roasting, 1, 'finished', '08:00', '08:25', { green: 50_000, roasted: 42_500 }),
      batch(roasting, 2, 'finished', '08:30', '08:55', { green: 50_000, roasted: 42_500 }),
      batch(roasting, 3, 'failed', '09:00', '09:10'),
      batch(packing, 1, 'finished', '10:00', '10:10', { roasted: 50_000 }),
      batch(packing, 2, 'finished', '10:20', '10:25', { roasted: 0 }),
      batch(bagging, 1, 'finished', '11:00', '11:30', { roasted: 25_000 }),
      batch(bagging, 2, 'failed', '11:30', '11:40'),
    ]);
});
afterAll(() => t.close());

const expected = (idle: { r1: number; pk1: number; mb1: number }): OeeEntry[] => [
  {
    label: names.r1,
    kind: 'roaster',
    // 50 minutes running, 10 failing: 83.3 %. 1,000 lbs in 50 minutes against 1,500 lbs/h:
    // 1,000 / 1,250 = 80 %. Two of three batches good: 66.7 %. 0.833 x 0.8 x 0.667 = 44.4 %.
    value: 44.4,
    availability: 83.3,
    performance: 80,
    quality: 66.7,
    run_minutes: 50,
    fault_minutes: 10,
    idle_minutes: idle.r1,
    batches: 3,
    failed: 1,
    empty: 0,
    lbs: 1000,
    ideal_lbs_per_hour: 1500,
    ideal_source: `${names.r1}: 500 lbs per batch, 20 min ideal cycle.`,
    actual_lbs_per_hour: 1200,
  },
  {
    label: 'OEE pack by hand',
    kind: 'packer',
    // No rated rate: OEE is availability (30 of 40 minutes) x quality (one of two runs).
    value: 37.5,
    availability: 75,
    performance: null,
    quality: 50,
    run_minutes: 30,
    fault_minutes: 10,
    idle_minutes: idle.mb1,
    batches: 2,
    failed: 1,
    empty: 0,
    lbs: 250,
    ideal_lbs_per_hour: null,
    ideal_source: `Not defined: ${names.mb1} has no rated rate set.`,
    actual_lbs_per_hour: 500,
  },
  {
    label: 'OEE pack on PK1',
    kind: 'packer',
    // 500 lbs in the 10 minutes of the run that packed, against 6,000 lbs/h: 500 / 1,000. The
    // empty run is run time (nothing broke) and a bad run: one of two good.
    value: 25,
    availability: 100,
    performance: 50,
    quality: 50,
    run_minutes: 15,
    fault_minutes: 0,
    idle_minutes: idle.pk1,
    batches: 2,
    failed: 0,
    empty: 1,
    lbs: 500,
    ideal_lbs_per_hour: 6000,
    ideal_source: 'Packer 1: rated 6,000 lbs/h.',
    actual_lbs_per_hour: 3000,
  },
];

describe('OEE from the equipment', () => {
  it('measures each line against its nameplate; an empty run is a bad one', async () => {
    const res = await supervisor<OeeEntry[]>(
      'GET',
      `/api/report/oee?from=${DAY}T00:00:00Z&to=2026-02-03T00:00:00Z`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected({ r1: 1440 - 60, pk1: 1440 - 15, mb1: 1440 - 40 }));
  });

  it('counts idle time only up to now, never into the rest of the month', async () => {
    const reports = new ReportService({
      repo: new ReportRepository(t.database.db),
      packingRecord: () => Promise.reject(new Error('not asked for')),
      now: () => at('12:00'),
    });
    const oee = await reports.oee({ from: `${DAY}T00:00:00Z`, to: '2026-03-01T00:00:00Z' });
    expect(oee).toEqual(expected({ r1: 720 - 60, pk1: 720 - 15, mb1: 720 - 40 }));
  });
});
