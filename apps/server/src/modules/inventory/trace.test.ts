import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type LotTrace, type OrderTrace } from '@roastery/contract';
import { beans } from '@roastery/db';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { bookRoastedLot, newBean, newProduct } from '../../../test/order-fixtures.ts';
import { seedDemoPlant } from '../../demo/seed-demo-plant.ts';

let t: TestApp;
const dev: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  for (const code of ['GS1', 'GS2', 'R1', 'WRB1', 'vbin'])
    dev[code] = (await t.services.devices.summary(code)).d_id;
});
afterAll(() => t.close());

/**
 * One blend batch on the ledger: two green lots roasted together in batch 7 on R1, 15% lost,
 * the roasted lot dropped into WRB1 and packed for order 42.
 */
async function roastAndPack() {
  const { ledger } = t.services;
  const [colombia, brazil] = await t.database.db
    .insert(beans)
    .values([{ name: 'Colombia Supremo' }, { name: 'Brazil Santos' }])
    .returning({ id: beans.id });
  const g1 = await ledger.createLot({ lotNumber: 'DMP-A', beanId: colombia!.id, kind: 'green' });
  const g2 = await ledger.createLot({ lotNumber: 'DMP-B', beanId: brazil!.id, kind: 'green' });
  await ledger.receive({ toDevice: dev.GS1!, lotId: g1, lbs: 1000, reason: 'dump', dumpId: 1 });
  await ledger.receive({ toDevice: dev.GS2!, lotId: g2, lbs: 1000, reason: 'dump', dumpId: 2 });
  await ledger.move({
    fromDevice: dev.GS1!,
    toDevice: dev.R1!,
    lbs: 300,
    reason: 'roast_in',
    batchId: 7,
  });
  await ledger.move({
    fromDevice: dev.GS2!,
    toDevice: dev.R1!,
    lbs: 200,
    reason: 'roast_in',
    batchId: 7,
  });
  // At the drop the green beans leave the ledger: 85% become the roasted lot, 15% is roast loss.
  await ledger.move({
    fromDevice: dev.R1!,
    toDevice: null,
    lbs: 425,
    reason: 'roast_out',
    batchId: 7,
  });
  await ledger.move({
    fromDevice: dev.R1!,
    toDevice: null,
    lbs: 75,
    reason: 'roast_loss',
    batchId: 7,
  });
  const roasted = await ledger.createLot({
    lotNumber: 'RST-7',
    beanId: colombia!.id,
    kind: 'roasted',
  });
  await ledger.receive({
    toDevice: dev.WRB1!,
    lotId: roasted,
    lbs: 425,
    reason: 'roast_out',
    batchId: 7,
  });
  await ledger.move({
    fromDevice: dev.WRB1!,
    toDevice: null,
    lbs: 400,
    reason: 'pack',
    orderId: 42,
  });
}

describe('traceability', () => {
  it('follows a green lot forward into its batch, roasted lot and order, and an order back to its green lots', async () => {
    await roastAndPack();
    const admin = t.as(Role.Administrator);
    const forward = await admin<LotTrace>('GET', '/api/trace/lot/DMP-A');
    expect(forward.status).toBe(200);
    expect(forward.body).toMatchObject({
      lot_number: 'DMP-A',
      bean_name: 'Colombia Supremo',
      kind: 'green',
      // Batch 7 has no record: the ledger's id is all there is to name it by.
      batches: [{ batch_id: 7, order_id: null, seq: null }],
      roasted_lots: ['RST-7'],
      orders: [42],
      held: [{ device_id: 'GS1', lbs: 700 }],
    });
    expect(forward.body.movements.map((m) => [m.reason, m.from, m.to, m.lbs])).toEqual([
      ['dump', null, 'Green Silo 1', 1000],
      ['roast_in', 'Green Silo 1', 'Roaster 1', 300],
      ['roast_out', 'Roaster 1', null, 300],
    ]);

    const back = await admin<OrderTrace>('GET', '/api/trace/order/42');
    expect(back.body).toEqual({
      order_id: 42,
      roasted_lots: [{ lot_number: 'RST-7', lbs: 400 }],
      batches: [{ batch_id: 7, order_id: null, seq: null, roast_profile: null }],
      green_lots: [
        { lot_number: 'DMP-A', bean_name: 'Colombia Supremo', lbs: 300 },
        { lot_number: 'DMP-B', bean_name: 'Brazil Santos', lbs: 200 },
      ],
    });
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
    expect((await admin('GET', '/api/trace/lot/NOPE')).status).toBe(404);
  });

  it('names each batch by its order and place in it, as people say it', async () => {
    const admin = t.as(Role.Administrator);
    const bean = await newBean(admin, 'Kenya AA');
    const productId = await newProduct(admin, 'Kenya Light', [{ bean_id: bean, ratio: 100 }], 50);
    const book = () =>
      bookRoastedLot(t, { productId, beanId: bean, silo: 'GS3', bin: 'WRB2', greenLbs: 40 });
    // The second order's batch: its id is not its place in the order.
    await book();
    const { orderId, lotNumber } = await book();
    const batch = { batch_id: expect.any(Number), order_id: orderId, seq: 1, roast_profile: null };

    const roasted = await admin<LotTrace>('GET', `/api/trace/lot/${lotNumber}`);
    expect(roasted.body.batches).toEqual([batch]);
    const back = await admin<OrderTrace>('GET', `/api/trace/order/${orderId}`);
    expect(back.body.batches).toEqual([batch]);
    expect(back.body.batches[0]?.batch_id).toBe(roasted.body.batches[0]?.batch_id);
    expect(back.body.batches[0]?.batch_id).toBeGreaterThan(1);
  });
});
