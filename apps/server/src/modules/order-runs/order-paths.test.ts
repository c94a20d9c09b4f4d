import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  OrderStatus,
  Role,
  type CheckBeansReply,
  type OrderPaths,
  type RoastingPath,
} from '@roastery/contract';
import { orderBatches } from '@roastery/db';
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
} from '../../../test/order-fixtures.ts';

let t: TestApp;
let supervisor: ApiCaller;
let roastR1: number;
let roastR2: number;
let product: number;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  supervisor = t.as(Role.Supervisor);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
  roastR1 = await quickRoastWorkflow(t.database.db, 'R1', 'WRB1', 'Quick roast on R1');
  roastR2 = await quickRoastWorkflow(t.database.db, 'R2', 'WRB4', 'Quick roast on R2');
  const colombia = await newBean(supervisor, 'Colombia Supremo');
  product = await newProduct(supervisor, 'Colombia', [{ bean_id: colombia, ratio: 100 }], 50);
  // GS1's lot is the older: without a path, first in first out would draw from it.
  for (const silo of ['GS1', 'GS3']) {
    await stockBin(t.services, silo, colombia, 200);
    await eventually(
      () => t.services.runtime.reading(silo, 'occupancy') === 200,
      `${silo} to read 200 lbs`,
    );
  }
});
afterAll(() => t.close());

const db = () => t.database.db;
const order = (roaster: string, destination: string, workflowId = roastR1) =>
  newOrder(db(), {
    kind: 'roasting',
    productId: product,
    lbs: 50,
    batchLbs: 50,
    workflowId,
    roaster,
    destination,
  });
const addPath = async (fields: {
  name: string;
  start_silos: string[];
  roaster_id: string;
  destination_id: string;
  workflow_id: number;
  enabled?: boolean;
}) => {
  const created = await supervisor<RoastingPath>('POST', '/api/path', fields);
  expect(created.status).toBe(201);
  return created.body;
};
const startWith = (orderId: number, fields: Record<string, unknown>) =>
  supervisor('POST', '/api/orders/flow', {
    order_id: orderId,
    startDevice: 'GS3',
    roasterId: 'R1',
    endDevice: 'WRB2',
    ...fields,
  });

describe('order starts along roasting paths', () => {
  it('offers no path while none is defined: any silos, roaster and bin, as before', async () => {
    const id = await order('R1', 'WRB2');
    const offered = await supervisor<OrderPaths>('GET', `/api/orders/${id}/paths`);
    expect(offered.body).toEqual({ defined: false, paths: [] });
    const beans = await supervisor<CheckBeansReply>('POST', '/api/orders/check-beans', {
      order_id: id,
    });
    expect(beans.body.same).toBe(true);
  });

  it('offers only the enabled paths of the order and refuses a start that follows none', async () => {
    const line = await addPath({
      name: 'Silo 3 on Roaster 1',
      start_silos: ['GS3'],
      roaster_id: 'R1',
      destination_id: 'WRB2',
      workflow_id: roastR1,
    });
    const old = await addPath({
      name: 'Old line',
      start_silos: ['GS1'],
      roaster_id: 'R1',
      destination_id: 'WRB2',
      workflow_id: roastR1,
      enabled: false,
    });
    await addPath({
      name: 'Roaster 2 line',
      start_silos: ['GS1'],
      roaster_id: 'R2',
      destination_id: 'WRB4',
      workflow_id: roastR2,
    });
    const id = await order('R1', 'WRB2');
    const offered = await supervisor<OrderPaths>('GET', `/api/orders/${id}/paths`);
    expect(offered.body.defined).toBe(true);
    expect(offered.body.paths.map((p) => p.name)).toEqual(['Silo 3 on Roaster 1']);

    const elsewhere = await order('R1', 'WRB1');
    const noPath = await supervisor('PUT', '/api/orders/start', { order_id: elsewhere });
    expect([noPath.status, noPath.body.message]).toEqual([
      409,
      "No enabled roasting path goes through R1 into WRB1 with the workflow 'Quick roast on R1'. Choose a path listed under Paths, or ask a supervisor to add one.",
    ]);
    const disabled = await startWith(id, { startDevice: 'GS1', path_id: old.id });
    expect([disabled.status, disabled.body.message]).toEqual([
      409,
      "The path 'Old line' is disabled: this start matches no enabled roasting path.",
    ]);
    const wrongSilo = await startWith(id, { startDevice: 'GS1', path_id: line.id });
    expect([wrongSilo.status, wrongSilo.body.message]).toEqual([
      409,
      "The path 'Silo 3 on Roaster 1' does not draw from GS1: this start matches no enabled roasting path.",
    ]);
    const wrongBin = await startWith(id, { endDevice: 'WRB3', path_id: line.id });
    expect([wrongBin.status, wrongBin.body.message]).toEqual([
      409,
      "The path 'Silo 3 on Roaster 1' lands in WRB2, not in WRB3: this start matches no enabled roasting path.",
    ]);
    const unknown = await startWith(id, { path_id: 999_999 });
    expect([unknown.status, unknown.body.message]).toEqual([
      422,
      'There is no roasting path 999999.',
    ]);
    for (const refused of [id, elsewhere]) {
      expect((await orderState(db(), refused)).status).toBe(OrderStatus.NotStarted);
    }
  });

  it('starts along the matching path, draws only from its silos and keeps the path while it roasts', async () => {
    const [line] = (await supervisor<RoastingPath[]>('GET', '/api/path')).body.filter(
      (p) => p.name === 'Silo 3 on Roaster 1',
    );
    const id = await order('R1', 'WRB2');
    const started = await supervisor('PUT', '/api/orders/start', { order_id: id });
    expect(started.status).toBe(200);
    expect((await orderState(db(), id)).pathId).toBe(line?.id);
    const [batch] = await db().select().from(orderBatches).where(eq(orderBatches.orderId, id));
    expect(batch?.draws.map((d) => d.device_id)).toEqual(['GS3']);

    const busy = await supervisor('DELETE', `/api/path/${line?.id}`);
    expect([busy.status, busy.body.message]).toEqual([
      409,
      `Order ${String(id).padStart(6, '0')} is roasting along the path 'Silo 3 on Roaster 1': change it when the order has ended.`,
    ]);
    await eventually(
      async () => (await orderState(db(), id)).status === OrderStatus.Finished,
      `order ${id} to finish`,
      150_000,
    );
    expect((await supervisor('DELETE', `/api/path/${line?.id}`)).status).toBe(200);
  });

  it("checks the beans in the path's silos and asks for a dump into one of them", async () => {
    await addPath({
      name: 'Silo 5 on Roaster 1',
      start_silos: ['GS5'],
      roaster_id: 'R1',
      destination_id: 'WRB3',
      workflow_id: roastR1,
    });
    const id = await order('R1', 'WRB3');
    const beans = await supervisor<CheckBeansReply>('POST', '/api/orders/check-beans', {
      order_id: id,
    });
    expect(beans.body.same).toBe(false);
    expect(beans.body.request_devices.map((r) => [r.bean_name, r.device_id])).toEqual([
      ['Colombia Supremo', 'GS5'],
    ]);
    const start = await supervisor('PUT', '/api/orders/start', { order_id: id });
    expect(start.status).toBe(409);
    expect(start.body.message).toContain('Not enough beans');
  });
});
