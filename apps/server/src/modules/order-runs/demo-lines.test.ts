import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  orderNumber,
  OrderStatus,
  Role,
  type ActiveNotifications,
  type BatchOfOrder,
  type DynamicValueForm,
  type LotTrace,
  type OrderForm,
  type PackingForm,
  type Product,
  type RoastProfile,
  type RoastControlState,
  type RoastRecord,
  type SystemStatus,
  BurnerControl,
} from '@roastery/contract';
import { ledgerEntries } from '@roastery/db';
import { eventually, USER_PASSWORD, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { demoPlantApp } from '../../../test/roast-control-fixtures.ts';
import { bookRoastedLot, orderState } from '../../../test/order-fixtures.ts';
import { lockstepPlant } from '../../../test/plant-lockstep.ts';
import { releaseLots } from '../../../test/quality-fixtures.ts';

let t: TestApp;
let supervisor: ApiCaller;
let stopStepping: () => Promise<void>;

beforeAll(async () => {
  t = await demoPlantApp();
  // The seeded roasts follow their profile to 420 °F, about thirteen minutes of the plant's time:
  // the plant moves a second at a time (two while a roaster only roasts, the profile controller's
  // step), and stands until the console has seen each step and answered it.
  stopStepping = lockstepPlant(t.services, 1000, 2000);
  supervisor = t.as(Role.Supervisor);
});
afterAll(async () => {
  await stopStepping();
  await t.close();
});

const db = () => t.database.db;
const sim = () => t.services.runtime.simulator.running!.model;
const centi = (lbs: number) => Math.round(lbs * 100);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const refOf = async (code: string) => (await t.services.devices.summary(code)).d_id;
/** What the ledger holds in a device, hundredths. */
const held = async (code: string) => {
  const ref = await refOf(code);
  return (await t.services.ledger.occupancyCenti([ref])).get(ref) ?? 0;
};
const plcLevel = (code: string) => centi(sim().getValue(code, 'Occupancy'));
const batchesOf = async (id: number) =>
  (await supervisor<BatchOfOrder[]>('GET', `/api/orders/${id}/batches`)).body;
const rowsOf = (order: number) =>
  db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order));
const sum = (rows: { reason: string; centiLbs: number }[], reason: string) =>
  rows.filter((r) => r.reason === reason).reduce((s, r) => s + r.centiLbs, 0);
const finished = (id: number) =>
  eventually(
    async () => ((await orderState(db(), id)).status === OrderStatus.Finished ? true : undefined),
    `order ${id} to finish`,
    150_000,
  );
const productId = async (name: string) => {
  const found = (await supervisor<Product[]>('GET', '/api/product')).body.find(
    (p) => p.product_name === name,
  );
  if (!found) throw new Error(`no product ${name}`);
  return found.product_id;
};
const packingRule = async (name: string) => {
  const form = (await supervisor<PackingForm>('GET', '/api/orders/packing/form')).body;
  const rule = form.rules.find((r) => r.name === name);
  if (!rule) throw new Error(`the packing form offers no ${name}`);
  return rule.workflow_id;
};

/** A packing order of the product, run to its end with the workflow; returns what it packed. */
async function pack(product: number, lbs: number, workflow: number) {
  const created = await supervisor<{ order_id: number }>('POST', '/api/orders/packing/create', {
    product_id: product,
    order_qty: lbs,
    fulfillment_date: tomorrow(),
    workflow_id: workflow,
  });
  expect(created.status).toBe(201);
  const order = created.body.order_id;
  // Packing draws released lots only; these tests are about the lines, so the lots are released.
  await releaseLots(supervisor, USER_PASSWORD);
  const started = await supervisor<{ workflow_id: number }>('POST', '/api/orders/packing/start', {
    order_id: order,
  });
  expect(started.status).toBe(200);
  expect(started.body.workflow_id).toBe(workflow);
  await finished(order);
  const packed = centi((await batchesOf(order))[0]!.roasted!);
  expect(sum(await rowsOf(order), 'pack')).toBe(packed);
  return { order, packed };
}

describe('the second line of the demo plant', () => {
  let ethiopia: number;

  it('roasts an order on Roaster 2: beans leave their green silo, land in WRB Bin 3, and the books balance', async () => {
    const form = (await supervisor<OrderForm>('GET', '/api/orders/form')).body;
    const rule = form.rules.find((r) => r.roast_device === 'R2');
    expect(rule).toMatchObject({
      name: 'Roast Green Silo 4 on Roaster 2 into WRB Bin 3',
      roast_device_name: 'Roaster 2',
      batch_lbs: 250,
    });
    ethiopia = await productId('Ethiopia Yirgacheffe');
    const silo = { book: await held('GS4'), plc: plcLevel('GS4') };
    expect(silo.book).toBe(centi(3000));
    expect(silo.plc).toBe(silo.book);

    const created = await supervisor<{ order_id: number }>('POST', '/api/orders', {
      order_product: ethiopia,
      order_qty: 250,
      rule_id: rule!.rule_id,
      roasted_rule_id: 'WRB3',
      order_customer: 'Corner Grocer',
      fulfillment_date: tomorrow(),
    });
    expect(created.status).toBe(201);
    const order = created.body.order_id;
    const profiles = (await supervisor<RoastProfile[]>('GET', '/api/roast-profiles')).body;
    const profile = profiles.find((p) => p.product_id === ethiopia && p.roaster === 'R2');
    expect(profile?.current.version).toBe(1);
    expect((await supervisor('PUT', '/api/orders/start', { order_id: order })).status).toBe(200);
    // A new version while the batch roasts: the batch keeps the one it started with.
    const revised = await supervisor('PUT', `/api/roast-profiles/${profile!.id}`, {
      settings: { ...profile!.current.settings, charge_temperature_f: 405 },
      reason: 'A cooler charge for the new crop',
    });
    expect(revised.status).toBe(200);
    // The roaster's live screen is told the profile its batch follows, once charged.
    const followed = async () =>
      (await supervisor<RoastControlState>('GET', '/api/roast-control/R2')).body.profile;
    await eventually(
      async () => ((await followed())?.version === 1 ? true : undefined),
      'Roaster 2 to follow its profile',
      150_000,
    );
    // The dashboard's roaster card tells how long the batch has been in the drum.
    const status = await supervisor<SystemStatus>('GET', '/api/dashboard/system_status');
    expect(status.body.roasters.find((r) => r.device_id === 'R2')?.roast_time_s).toBeGreaterThan(0);
    expect(await followed()).toMatchObject({
      id: profile!.id,
      name: profile!.name,
      end: profile!.current.settings.end,
      reference: profile!.current.settings.reference,
    });
    await finished(order);
    expect(await followed()).toBeNull();
    expect((await supervisor('GET', '/api/roast-control/GS4')).status).toBe(404);
    expect((await supervisor('GET', '/api/roast-control/R9')).body).toMatchObject({
      message: 'Roaster R9 not found.',
    });

    const [batch, ...more] = await batchesOf(order);
    expect(more).toEqual([]);
    const ran = { id: profile!.id, name: profile!.name, version: 1 };
    expect(batch!.roast_profile).toEqual(ran);
    // The roasted lot's trace names the same version.
    const trace = await supervisor<LotTrace>('GET', `/api/trace/lot/${batch!.lot_number}`);
    expect(trace.body.batches).toEqual([
      { batch_id: batch!.id, order_id: order, seq: 1, roast_profile: ran },
    ]);
    // Roaster 2's batch size stops the charge at 250 lbs.
    expect(batch).toMatchObject({ status: 'finished', planned: 250, green: 250 });
    expect(batch!.roasted).toBeGreaterThan(200);
    const rows = await rowsOf(order);
    const green = centi(batch!.green!);
    const roasted = centi(batch!.roasted!);
    expect(sum(rows, 'roast_in')).toBe(green);
    expect(sum(rows, 'roast_loss')).toBe(green - roasted);
    expect(sum(rows, 'cleaner_waste')).toBeGreaterThan(0);
    // What left the silo is what reached the drum and what the cleaner took out.
    expect(silo.book - (await held('GS4'))).toBe(green + sum(rows, 'cleaner_waste'));
    expect(await held('WRB3')).toBe(roasted);
    expect(await held('R2')).toBe(0);
    for (const code of ['GS4', 'WRB3', 'WB1']) expect(await held(code), code).toBe(plcLevel(code));
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
    // The batch followed its profile through the PLC: BT held on the reference from the turning
    // point, the drop asked for at the end condition, the burner handed back to the PLC after.
    const { body: record } = await supervisor<RoastRecord>(
      'GET',
      `/api/roast-records/batch/${batch!.id}`,
    );
    expect(record.deviation!.rms_f).toBeLessThanOrEqual(3);
    const end = profile!.current.settings.end;
    expect(end.kind).toBe('drop_temperature');
    expect(Math.abs(record.end_bt_f - end.value)).toBeLessThanOrEqual(2);
    expect(record.loss_pct).toBeCloseTo(((green - roasted) / green) * 100, 2);
    // A roast on its profile raises none of the roast alarms (band, RoR crash or flick, ET).
    const { body: active } = await supervisor<ActiveNotifications>(
      'GET',
      '/api/notification/active',
    );
    expect(active.data.map((n) => n.text).filter((text) => text.startsWith('R2: '))).toEqual([]);
    expect(sim().getValue('R2', 'Burner Control')).toBe(BurnerControl.SetPoint);
    expect(sim().getValue('R2', 'Drop Request')).toBe(0);
    // Only Roaster 2 roasted.
    expect(sim().getValue('R1', 'Green Weight')).toBe(0);
  }, 180_000);

  it('packs it on Packer 2 from WRB Bin 3, and the bags and the books agree', async () => {
    const before = await held('WRB3');
    const workflow = await packingRule('Pack WRB Bin 3 on Packer 2');
    const { packed } = await pack(ethiopia, 100, workflow);
    // The bin's discharge closes a second (a step of the plant) after the quantity has left.
    expect(packed).toBeGreaterThanOrEqual(centi(100));
    expect(packed).toBeLessThan(centi(105));
    expect(await held('WRB3')).toBe(before - packed);
    expect(plcLevel('WRB3')).toBe(before - packed);
    expect(sim().getValue('PK2', 'Bags Packed')).toBe(Math.floor(packed / centi(5)));
    expect(sim().getValue('PK1', 'Bags Packed')).toBe(0);
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
  }, 180_000);

  it('bags an order by hand at the Manual Bagging Station from WRB Bin 1', async () => {
    const colombia = await productId('Colombia Supremo');
    const [bean] = (await t.services.ledger.siloContents())
      .find((s) => s.device_id === 'GS1')!
      .beans.map((b) => b.bean_id);
    await bookRoastedLot(t, {
      productId: colombia,
      beanId: bean!,
      silo: 'GS1',
      bin: 'WRB1',
      greenLbs: 100,
    });
    const before = await held('WRB1');
    await eventually(
      () => t.services.runtime.reading('WRB1', 'occupancy') === before / 100,
      'WRB1 read',
    );
    const workflow = await packingRule('Pack WRB Bin 1 on the Manual Bagging Station');
    const { packed } = await pack(colombia, 50, workflow);
    // The bin lets 10 lbs a second through to the station.
    expect(packed).toBeGreaterThanOrEqual(centi(50));
    expect(packed).toBeLessThan(centi(65));
    expect(await held('WRB1')).toBe(before - packed);
    expect(plcLevel('WRB1')).toBe(before - packed);
    // 25 lb bags; what is short of a bag waits on the station's scale.
    expect(sim().getValue('MB1', 'Bags Packed')).toBe(2);
    expect(centi(sim().getValue('MB1', 'Scale Weight'))).toBe(packed - centi(50));
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
  }, 60_000);
});

describe('two roasters, one cleaner', () => {
  // Three roasts, and nothing here measures how closely they follow their profile: the plant
  // moves ten seconds at a time while a roaster only roasts, and the controller steps as often.
  beforeAll(async () => {
    await stopStepping();
    stopStepping = lockstepPlant(t.services, 1000);
  });

  it("holds an order's next batch while another run drives the cleaner, and goes on when it ends", async () => {
    const form = (await supervisor<OrderForm>('GET', '/api/orders/form')).body;
    const onR2 = form.rules.find((r) => r.roast_device === 'R2')!;
    const onR1 = form.rules.find((r) => r.roast_device === 'R1')!;
    const created = await supervisor<{ order_id: number }>('POST', '/api/orders', {
      order_product: await productId('Ethiopia Yirgacheffe'),
      order_qty: 500,
      rule_id: onR2.rule_id,
      roasted_rule_id: 'WRB3',
      order_customer: 'Two Roasters Cafe',
      fulfillment_date: tomorrow(),
    });
    const order = created.body.order_id;
    expect((await supervisor('PUT', '/api/orders/start', { order_id: order })).status).toBe(200);
    // Stop holds batch 2 once batch 1 is done; meanwhile Roaster 1's workflow takes the cleaner.
    await eventually(
      async () => ((await batchesOf(order))[0]?.status === 'running' ? true : undefined),
      'batch 1 to run',
    );
    expect((await supervisor('POST', `/api/orders/toogle/${order}`)).status).toBe(200);
    await eventually(
      async () => ((await batchesOf(order))[0]?.status === 'finished' ? true : undefined),
      'batch 1 to finish',
      150_000,
    );
    const admin = t.as(Role.Administrator);
    const check = await admin<DynamicValueForm>('GET', `/api/workflow/${onR1.rule_id}/check`);
    const dynamic = Object.fromEntries(
      check.body.data.flatMap((d) => d.form.map((f) => [String(f.step_id), 400])),
    );
    const manual = await admin('POST', '/api/workflow/start', {
      work_flow_id: onR1.rule_id,
      dynamic,
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);

    expect((await supervisor('POST', `/api/orders/toogle/${order}`)).status).toBe(200);
    const waiting = await eventually(async () => {
      const { body } = await admin<ActiveNotifications>('GET', '/api/notification/active');
      return body.data.find((n) => n.text.startsWith(`Order ${orderNumber(order)} waits: `));
    }, 'the wait to be told');
    expect(waiting.type).toBe('warning');
    expect(waiting.text).toContain('Cleaner');
    expect((await orderState(db(), order)).status).toBe(OrderStatus.Processing);
    expect((await batchesOf(order))[1]?.status).toBe('pending');

    expect((await admin('POST', `/api/workflow/${onR1.rule_id}/stop`, {})).status).toBe(200);
    await finished(order);
    expect((await batchesOf(order)).map((b) => b.status)).toEqual(['finished', 'finished']);
  }, 300_000);
});
