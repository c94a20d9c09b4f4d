import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus, Role, SettingRef, orderNumber, type QualityLot } from '@roastery/contract';
import { lots, orderBatches } from '@roastery/db';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  buildTestApp,
  eventually,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';
import {
  bookRoastedLot,
  newBean,
  newOrder,
  newProduct,
  orderState,
  quickPackWorkflow,
} from '../../../test/order-fixtures.ts';
import { lockstepPlant } from '../../../test/plant-lockstep.ts';
import { releaseLots } from '../../../test/quality-fixtures.ts';

let t: TestApp;
let supervisor: ApiCaller;
let admin: ApiCaller;
let technician: ApiCaller;
let packWrb3: number;
let stopStepping: () => Promise<void>;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  stopStepping = lockstepPlant(t.services);
  supervisor = t.as(Role.Supervisor);
  admin = t.as(Role.Administrator);
  technician = t.as(Role.QualityTechnician);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
  packWrb3 = await quickPackWorkflow(t.database.db, 'WRB3', 'PK1', 'Pack WRB3 on PK1');
});
afterAll(async () => {
  await stopStepping();
  await t.close();
});

const db = () => t.database.db;
const sim = () => t.services.runtime.simulator.running!.model;
const refOf = async (code: string) => (await t.services.devices.summary(code)).d_id;
const held = async (code: string) => {
  const ref = await refOf(code);
  return (await t.services.ledger.occupancyCenti([ref])).get(ref) ?? 0;
};
/** Writes off what WRB3 holds, on the books and in the simulated plant. */
const emptyWrb3 = async () => {
  const before = await held('WRB3');
  if (before > 0) {
    await t.services.ledger.move({
      fromDevice: await refOf('WRB3'),
      toDevice: null,
      lbs: before / 100,
      reason: 'adjust',
      note: 'emptied for a test',
    });
  }
  sim().setValue('WRB3', 'Occupancy', 0);
  await eventually(() => t.services.runtime.reading('WRB3', 'occupancy') === 0, 'WRB3 empty');
};
const setPendingAllowed = async (on: boolean) => {
  const saved = await supervisor('POST', '/api/admin/settings', {
    ref_id: SettingRef.PackingPendingLots,
    value: on ? 'yes' : 'no',
  });
  expect(saved.status).toBe(200);
};
const lotId = async (lotNumber: string) => {
  const all = (await supervisor<QualityLot[]>('GET', '/api/quality/lots')).body;
  const found = all.find((l) => l.lot_number === lotNumber);
  if (!found) throw new Error(`no quality lot ${lotNumber}`);
  return found.lot_id;
};

/** A product and n roasted lots of it in WRB3, oldest first (34 lbs each), WRB3's level read. */
async function lotsInWrb3(name: string, n: number) {
  await emptyWrb3();
  const bean = await newBean(supervisor, `${name} Bean`);
  const product = await newProduct(supervisor, name, [{ bean_id: bean, ratio: 100 }], 50);
  const lotNumbers: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const booked = await bookRoastedLot(t, {
      productId: product,
      beanId: bean,
      silo: 'GS5',
      bin: 'WRB3',
      greenLbs: 40,
    });
    // Linked to its batch as the batch runner links it, so that its product's spec applies.
    const [lot] = await db()
      .select({ id: lots.id })
      .from(lots)
      .where(eq(lots.lotNumber, booked.lotNumber));
    await db()
      .update(orderBatches)
      .set({ roastedLotId: lot!.id })
      .where(eq(orderBatches.orderId, booked.orderId));
    lotNumbers.push(booked.lotNumber);
  }
  const book = await held('WRB3');
  await eventually(
    () => t.services.runtime.reading('WRB3', 'occupancy') === book / 100,
    'WRB3 level read',
  );
  return { product, lotNumbers };
}

/** Puts a lot on hold as the lab does: a moisture out of the product's specification. */
async function holdByMoisture(product: number, lotNumber: string): Promise<string> {
  const spec = await supervisor('PUT', `/api/quality/specs/${product}`, { moisture_max: 5 });
  expect(spec.status).toBe(200);
  const entered = await technician<QualityLot>(
    'POST',
    `/api/quality/lots/${await lotId(lotNumber)}/results`,
    { kind: 'moisture', value: 7.5, notes: 'wet' },
  );
  expect(entered.status).toBe(201);
  expect(entered.body.status).toBe('on_hold');
  return entered.body.reason;
}

const packOrder = (product: number, lbs: number | null) =>
  newOrder(db(), { kind: 'packing', productId: product, lbs, workflowId: packWrb3 });
const start = (order: number) =>
  supervisor<{ message: string }>('POST', '/api/orders/packing/start', { order_id: order });
const packed = (order: number) =>
  eventually(
    async () =>
      (await orderState(db(), order)).status === OrderStatus.Finished ? true : undefined,
    `order ${order} packed`,
    60_000,
  );

describe('packing draws released lots only', () => {
  it('refuses a start that would draw held or pending lots, naming each and why, the FIFO lots of a limited order only, and changes nothing', async () => {
    const { product, lotNumbers } = await lotsInWrb3('Release Refused', 2);
    const [first, second] = lotNumbers as [string, string];
    const reason = await holdByMoisture(product, first);
    expect(reason).toBe("Moisture 7.5% is above the specification's maximum of 5%.");

    const all = await packOrder(product, null);
    const refused = await start(all);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Order ${orderNumber(all)} cannot pack from WRB Bin 3: lot ${first} is on hold (Moisture 7.5% is above the specification's maximum of 5%), lot ${second} is pending release. Release them under Quality, or move them out of the bin.`,
    );
    // 20 lbs come from the oldest lot alone: the newer one is not named.
    const some = await packOrder(product, 20);
    expect((await start(some)).body.message).toBe(
      `Order ${orderNumber(some)} cannot pack from WRB Bin 3: lot ${first} is on hold (Moisture 7.5% is above the specification's maximum of 5%). Release it under Quality, or move it out of the bin.`,
    );
    for (const order of [all, some]) {
      expect((await orderState(db(), order)).status).toBe(OrderStatus.NotStarted);
      expect((await supervisor<unknown[]>('GET', `/api/orders/${order}/batches`)).body).toEqual([]);
    }
    expect(await held('WRB3')).toBe(2 * 3400);

    // The setting lets pending lots through, never a held one.
    await setPendingAllowed(true);
    try {
      expect((await start(all)).body.message).toBe(
        `Order ${orderNumber(all)} cannot pack from WRB Bin 3: lot ${first} is on hold (Moisture 7.5% is above the specification's maximum of 5%). Release it under Quality, or move it out of the bin.`,
      );
      expect((await start(some)).status).toBe(409);
      // A lot held out of its specification is released by two different people.
      const held1 = await lotId(first);
      const signed = { meaning: 'released' };
      const firstSign = await supervisor('POST', `/api/quality/lots/${held1}/decision`, {
        ...signed,
        password: USER_PASSWORD,
      });
      expect(firstSign.status).toBe(200);
      expect((await start(some)).status).toBe(409);
      const secondSign = await admin('POST', `/api/quality/lots/${held1}/decision`, {
        ...signed,
        password: ADMIN_PASSWORD,
      });
      expect(secondSign.status).toBe(200);
      // The released lot and, with the setting, the pending one behind it are packed.
      const started = await start(all);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await packed(all);
      expect(await held('WRB3')).toBe(0);
    } finally {
      await setPendingAllowed(false);
    }
  }, 90_000);

  it('starts once the lot is released, and a quality technician enters results but signs no decision', async () => {
    const { product, lotNumbers } = await lotsInWrb3('Release Then Pack', 1);
    const [lot] = lotNumbers as [string];
    const id = await lotId(lot);
    const cupping = await technician<QualityLot>('POST', `/api/quality/lots/${id}/results`, {
      kind: 'cupping',
      value: 86.5,
      notes: 'Clean, bright, stone fruit',
    });
    expect(cupping.status).toBe(201);
    expect(cupping.body.status).toBe('pending');
    expect(cupping.body.results.at(-1)).toMatchObject({ kind: 'cupping', value: 86.5 });
    const refusedSign = await technician('POST', `/api/quality/lots/${id}/decision`, {
      meaning: 'released',
      password: USER_PASSWORD,
    });
    expect(refusedSign.status).toBe(403);

    const order = await packOrder(product, 20);
    const refused = await start(order);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Order ${orderNumber(order)} cannot pack from WRB Bin 3: lot ${lot} is pending release. Release it under Quality, or move it out of the bin.`,
    );
    await releaseLots(supervisor, USER_PASSWORD, [lot]);
    const started = await start(order);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await packed(order);
    const left = await held('WRB3');
    expect(left).toBeLessThanOrEqual(3400 - 2000);
    await emptyWrb3();
  }, 90_000);
});
