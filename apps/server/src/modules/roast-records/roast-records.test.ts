import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  OrderStatus,
  Role,
  orderNumber,
  type BatchOfOrder,
  type RoastProfileDetail,
  type RoastRecord,
  type RoastRecordList,
} from '@roastery/contract';
import { ledgerEntries } from '@roastery/db';
import {
  buildTestApp,
  eventually,
  stockBin,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';
import {
  newBean,
  newOrder,
  newProduct,
  orderState,
  quickRoastWorkflow,
  testRoastProfileBody,
} from '../../../test/order-fixtures.ts';
import { lockstepPlant } from '../../../test/plant-lockstep.ts';
import { parseAlog } from '../roast-profiles/artisan-alog.ts';

/**
 * The roasts run until the PLC's roast timer reads this: 100 lbs in R1 at 430 °F dry at about
 * 3 minutes and crack at about 5.
 */
const ROAST_S = 380;
/** The green lot's moisture (%) and density (g/L), near the plant's typical lot. */
const GREEN = { moisture: 10.8, density: 710 };

let t: TestApp;
let supervisor: ApiCaller;
let operator: ApiCaller;
let stopStepping: () => Promise<void>;
/** The roasts' seconds are the simulated plant's, which the lockstep moves 10 s at a time. */
let plantMs = () => 0;
let order: number;
let batches: BatchOfOrder[];
let records: RoastRecordList['records'];

const sim = () => t.services.runtime.simulator.running!.model;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true, roastClock: () => plantMs() });
  plantMs = () => t.services.runtime.simulator.running?.model.now ?? 0;
  // Nothing here depends on a gate closing on its weight to the tenth of a pound: the plant may
  // charge and cool in coarser steps than the default.
  stopStepping = lockstepPlant(t.services, 500);
  supervisor = t.as(Role.Supervisor);
  operator = t.as(Role.Operator);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
  const db = t.database.db;
  const workflow = await quickRoastWorkflow(db, 'R1', 'WRB1', 'Roast on R1', ROAST_S);
  const bean = await newBean(supervisor, 'Ethiopia Sidamo');
  const product = await newProduct(
    supervisor,
    'Sidamo Medium',
    [{ bean_id: bean, ratio: 100 }],
    100,
  );
  const profile = await supervisor<RoastProfileDetail>(
    'POST',
    '/api/roast-profiles',
    testRoastProfileBody('Sidamo on R1', product),
  );
  expect(profile.status).toBe(201);
  await stockBin(t.services, 'GS1', bean, 250, {
    moisturePct: GREEN.moisture,
    densityGPerL: GREEN.density,
  });
  await eventually(() => t.services.runtime.reading('GS1', 'occupancy') === 250, 'GS1 stocked');
  order = await newOrder(db, {
    kind: 'roasting',
    productId: product,
    lbs: 200,
    batchLbs: 100,
    workflowId: workflow,
    roaster: 'R1',
    destination: 'WRB1',
  });
  const started = await supervisor('PUT', '/api/orders/start', { order_id: order });
  expect(started.status).toBe(200);
  await eventually(
    async () => (await orderState(db, order)).status === OrderStatus.Finished,
    'the order to finish',
    150_000,
  );
  batches = (await supervisor<BatchOfOrder[]>('GET', `/api/orders/${order}/batches`)).body;
  records = (await operator<RoastRecordList>('GET', `/api/roast-records/order/${order}`)).body
    .records;
}, 200_000);
afterAll(async () => {
  await stopStepping();
  await t.close();
});

describe('roast records of an order on the simulated plant', () => {
  it('links one record to each batch, weighed as the ledger booked it', async () => {
    expect(records.map((r) => [r.batch_id, r.batch_seq, r.order_number])).toEqual(
      batches.map((b) => [b.id, b.seq, orderNumber(order)]),
    );
    for (const record of records) {
      const booked = async (reason: 'roast_in' | 'roast_out' | 'roast_loss') =>
        (
          await t.database.db
            .select({ centi: ledgerEntries.centiLbs })
            .from(ledgerEntries)
            .where(
              and(eq(ledgerEntries.batchId, record.batch_id!), eq(ledgerEntries.reason, reason)),
            )
        ).reduce((sum, row) => sum + row.centi, 0);
      const out = await booked('roast_out');
      // roast_out is booked twice: the roaster's drop into the bin, and the bin's new lot.
      expect(Math.round(record.green_lbs! * 100)).toBe(await booked('roast_in'));
      expect(Math.round((record.green_lbs! - record.roasted_lbs!) * 100)).toBe(
        await booked('roast_loss'),
      );
      expect(Math.round(record.roasted_lbs! * 100) * 2).toBe(out);
      const batch = batches.find((b) => b.id === record.batch_id)!;
      expect([record.green_lbs, record.roasted_lbs]).toEqual([batch.green, batch.roasted]);
      expect(record.loss_pct).toBeCloseTo(
        ((batch.green! - batch.roasted!) / batch.green!) * 100,
        2,
      );
      expect(record.profile).toMatchObject({ name: 'Sidamo on R1', version: 1 });
      expect(record.product?.name).toBe('Sidamo Medium');
    }
    // The last roast's colour, moisture and weight are what the roaster's registers still hold.
    expect(records[1]?.colour).toBe(sim().getValue('R1', 'Bean Colour'));
    expect(records[1]?.roasted_moisture_pct).toBe(sim().getValue('R1', 'Roasted Moisture'));
    expect(records[1]?.roasted_lbs).toBe(sim().getValue('R1', 'Roasted Weight'));
  });

  it('keeps a sample each second, the events in order and the phases to drop', async () => {
    const { body: record, status } = await operator<RoastRecord>(
      'GET',
      `/api/roast-records/batch/${batches[0]!.id}`,
    );
    expect(status).toBe(200);
    expect(record.samples.map((s) => s.t_s)).toEqual(record.samples.map((_, i) => i));
    expect(record.samples.at(-1)!.t_s).toBeGreaterThan(ROAST_S - 60);
    const { turning_point, dry_end, first_crack, drop } = record.events;
    expect(first_crack?.source).toBe('sensor');
    const times = [turning_point, dry_end, first_crack, drop].map((e) => e!.t_s);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(drop).toEqual({ t_s: record.total_s, bt_f: record.end_bt_f, source: 'sensor' });
    const { drying, maillard, development } = record.phases;
    expect(drying.s + maillard.s + development.s).toBeCloseTo(record.total_s, 6);
    expect(record.phases.development_ratio_pct).toBeCloseTo(development.pct, 6);
    expect(record.reference).toHaveLength(4);
    expect(record.deviation!.max_abs_f).toBeGreaterThanOrEqual(record.deviation!.rms_f);
    expect(record.samples.at(-1)!.ror_f_per_min).not.toBeNull();
    expect(record.green_lots).toEqual([
      { lot_number: expect.stringMatching(/^LOT-GS1-/), bean_name: 'Ethiopia Sidamo', lbs: 100 },
    ]);
  });

  it('takes the operator’s marks and notes, reading the phases again', async () => {
    const id = records[0]!.id;
    const crack = records[0]!.events.first_crack!.t_s - 20;
    const marked = await operator<RoastRecord>('PUT', `/api/roast-records/${id}/marks`, {
      first_crack: crack,
    });
    expect(marked.status).toBe(200);
    expect(marked.body.events.first_crack).toMatchObject({ t_s: crack, source: 'operator' });
    expect(marked.body.marks).toEqual({ first_crack: crack });
    expect(marked.body.phases.development.s).toBeCloseTo(records[0]!.phases.development.s + 20, 6);

    const late = await operator('PUT', `/api/roast-records/${id}/marks`, { drop: 3_000 });
    expect(late.status).toBe(422);
    const backwards = await operator('PUT', `/api/roast-records/${id}/marks`, {
      dry_end: crack,
      first_crack: crack - 1,
    });
    expect(backwards.status).toBe(422);
    const unknownEvent = await operator('PUT', `/api/roast-records/${id}/marks`, { charge: 1 });
    expect(unknownEvent.status).toBe(400);
    expect((await operator('PUT', '/api/roast-records/999999/marks', {})).status).toBe(404);

    const noted = await supervisor<RoastRecord>('PUT', `/api/roast-records/${id}/notes`, {
      notes: 'Smoky at the drop ',
    });
    expect(noted.body.notes).toBe('Smoky at the drop');
    const long = await operator('PUT', `/api/roast-records/${id}/notes`, {
      notes: 'x'.repeat(2_001),
    });
    expect(long.status).toBe(400);
  });

  it('lists by roaster, product, order and time, and answers 404 for what is not there', async () => {
    const list = async (query: string) =>
      (await operator<RoastRecordList>('GET', `/api/roast-records?${query}`)).body.records.map(
        (r) => r.id,
      );
    const ids = records.map((r) => r.id).reverse();
    expect(await list('roaster=r1')).toEqual(ids);
    expect(await list(`product_id=${records[0]!.product!.id}&order_id=${order}`)).toEqual(ids);
    expect(await list('roaster=R2')).toEqual([]);
    const listed = (await operator<RoastRecordList>('GET', '/api/roast-records?roaster=R1')).body;
    expect(listed.records.map((r) => [r.green_moisture_pct, r.green_density_g_per_l])).toEqual([
      [GREEN.moisture, GREEN.density],
      [GREEN.moisture, GREEN.density],
    ]);
    expect(await list(`from=${records[1]!.charged_at}`)).toEqual([records[1]!.id]);
    const reversed = await operator(
      'GET',
      '/api/roast-records?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z',
    );
    expect(reversed.status).toBe(400);
    expect((await operator('GET', '/api/roast-records/999999')).status).toBe(404);
    expect((await operator('GET', '/api/roast-records/order/999999')).status).toBe(404);
    expect((await operator('GET', '/api/roast-records/batch/999999')).status).toBe(404);
  });

  it('downloads a record as an Artisan .alog the roast profiles read back', async () => {
    const { body: record } = await operator<RoastRecord>(
      'GET',
      `/api/roast-records/${records[1]!.id}`,
    );
    const token = await t.tokenFor(Role.Operator);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/roast-records/${record.id}/alog?form=python`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`roast ${record.id}`);
    const file = parseAlog(res.body);
    expect(file.unit).toBe('F');
    expect(file.points).toHaveLength(record.samples.length);
    expect(file.points[10]).toEqual({
      t_s: 10,
      bt: record.samples[10]!.bt_f,
      et: record.samples[10]!.et_f,
    });
    expect(file.events.fcStart?.t_s).toBe(record.events.first_crack!.t_s);
    // Artisan places an event at a reading: the drop at the last second before it.
    expect(file.events.drop?.t_s).toBe(Math.floor(record.total_s));
    expect(file.weights).toEqual({
      green: record.green_lbs,
      roasted: record.roasted_lbs,
      unit: 'lb',
    });
    expect([file.greenMoisturePct, file.greenDensityGPerL]).toEqual([
      GREEN.moisture,
      GREEN.density,
    ]);
  });
});
