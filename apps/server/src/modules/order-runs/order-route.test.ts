import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  OrderStatus,
  Role,
  type ActiveOrderFlow,
  type DashboardOverview,
  type OrderForm,
  type Product,
  type RoastingOrder,
} from '@roastery/contract';
import { orderBatches, orders } from '@roastery/db';
import { buildTestApp, eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let supervisor: ApiCaller;
let form: OrderForm;

beforeAll(async () => {
  // The demo plant as its first start leaves it: Brazil in GS3, Ethiopia in GS4, Sumatra in
  // GS5, Colombia in GS1; the roasting workflows drawn from GS1 and GS4.
  t = await buildTestApp({}, { plant: true, demoStock: true });
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
  supervisor = t.as(Role.Supervisor);
  form = (await supervisor<OrderForm>('GET', '/api/orders/form')).body;
  // A demo database and its simulated plant take a while on a loaded machine.
}, 180_000);
afterAll(() => t.close());

const db = () => t.database.db;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const refOf = async (code: string) => (await t.services.devices.summary(code)).d_id;

async function productId(name: string): Promise<number> {
  const found = (await supervisor<Product[]>('GET', '/api/product')).body.find(
    (p) => p.product_name === name,
  );
  if (!found) throw new Error(`no product ${name}`);
  return found.product_id;
}

function ruleOn(roaster: string): number {
  const rule = form.rules.find((r) => r.roast_device === roaster);
  if (!rule) throw new Error(`no roasting workflow on ${roaster}`);
  return rule.rule_id;
}

async function createOrder(product: string, roaster: string, bin: string, lbs: number) {
  const created = await supervisor<RoastingOrder>('POST', '/api/orders', {
    order_product: await productId(product),
    order_qty: lbs,
    rule_id: ruleOn(roaster),
    roasted_rule_id: bin,
    fulfillment_date: tomorrow(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.order_id;
}

/**
 * Marks an order under way and held (Stop Roasting), as a person leaves one before its next
 * batch: held, the console starts no batch of it, so what it has drawn stays as written.
 */
async function heldUnderWay(orderId: number, fields: Partial<typeof orders.$inferInsert> = {}) {
  await db()
    .update(orders)
    .set({ status: OrderStatus.Processing, paused: true, startedAt: new Date(), ...fields })
    .where(eq(orders.id, orderId));
  t.services.hub.publish({ type: 'order', id: orderId, change: 'status' });
}

/** The order on the dashboard once `ready` holds for it. */
function onDashboard(orderId: number, ready: (order: ActiveOrderFlow) => boolean) {
  return eventually(async () => {
    const { body } = await supervisor<DashboardOverview>('GET', '/api/dashboard/v2');
    const order = body.orders.find((o) => o.order_id === orderId);
    return order && ready(order) ? order : undefined;
  }, `order ${orderId} on the dashboard`);
}

const device = (device_id: string, device_name: string) => ({ device_id, device_name });

describe("a roasting order's route on the dashboard", () => {
  it('before a batch has drawn: the silos its next batch would draw from, its roaster and its bin', async () => {
    const order = await createOrder('Espresso Blend', 'R1', 'WRB2', 1000);
    await heldUnderWay(order);
    const shown = await onDashboard(order, () => true);
    expect(shown.route).toEqual({
      silos_from: 'plan',
      // The recipe's beans in turn: Brazil, Ethiopia, Sumatra.
      silos: [
        device('GS3', 'Green Silo 3'),
        device('GS4', 'Green Silo 4'),
        device('GS5', 'Green Silo 5'),
      ],
      roaster: device('R1', 'Roaster 1'),
      destination: device('WRB2', 'WRB Bin 2'),
    });
    // The workflow is drawn GS1 -> CL1 -> R1 -> WRB1; the order's flow is not.
    expect(shown.flow?.workflow_name).toBe('Roast Green Silo 1 on Roaster 1 into WRB Bin 1');
    expect(shown.flow?.nodes.map((n) => n.id)).toEqual([
      'GS3',
      'GS4',
      'GS5',
      'CL1',
      'R1',
      'WB1',
      'WRB2',
    ]);
    expect(shown.flow?.nodes.find((n) => n.id === 'WRB2')?.data.label).toBe('WRB Bin 2');
    expect(shown.flow?.edges.map((e) => `${e.source}->${e.target}`)).toEqual([
      'GS3->CL1',
      'GS4->CL1',
      'GS5->CL1',
      'CL1->R1',
      'CL1->WB1',
      'R1->WRB2',
    ]);
    expect(shown.flow?.devices.map((d) => d.device_name)).toEqual([
      'Green Silo 3',
      'Green Silo 4',
      'Green Silo 5',
      'Cleaner / Destoner',
      'Roaster 1',
      'Waste Bin',
      'WRB Bin 2',
    ]);
    await db()
      .update(orders)
      .set({ status: OrderStatus.NotStarted, paused: false, startedAt: null })
      .where(eq(orders.id, order));

    // Started for real: the batch runner's plan is what the route shows, as drawn.
    const started = await supervisor('PUT', '/api/orders/start', { order_id: order });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    try {
      const running = await onDashboard(order, (o) => o.route?.silos_from === 'batches');
      expect(running.route?.silos.map((s) => s.device_id)).toEqual(['GS3', 'GS4', 'GS5']);
      expect(running.route?.destination).toEqual(device('WRB2', 'WRB Bin 2'));
      expect(running.flow?.nodes.map((n) => n.id)).toEqual([
        'GS3',
        'GS4',
        'GS5',
        'CL1',
        'R1',
        'WB1',
        'WRB2',
      ]);
    } finally {
      const admin = t.as(Role.Administrator);
      const stopped = await admin('POST', `/api/workflow/${ruleOn('R1')}/stop`, {});
      expect(stopped.status).toBe(200);
      await eventually(
        async () =>
          (await t.services.orders.getRoasting(order)).order_status !== OrderStatus.Processing
            ? true
            : undefined,
        'the stopped batch to end the order',
      );
    }
  }, 120_000);

  it('once batches have drawn: the silos they drew from, not those the stock would give now', async () => {
    const order = await createOrder('House Blend', 'R2', 'WRB4', 1000);
    // Batch 1 drew from GS2 and GS1 on Roaster 2 into WRB Bin 4; the stock now would give
    // GS1 and GS3.
    await db()
      .update(orderBatches)
      .set({
        status: 'finished',
        roasterDevice: await refOf('R2'),
        destinationDevice: await refOf('WRB4'),
        draws: [
          { device_id: 'GS2', bean_id: 1, planned_centi: 30_000, measured_centi: 30_100 },
          { device_id: 'GS1', bean_id: 2, planned_centi: 20_000, measured_centi: 20_050 },
          // A silo planned but that gave nothing is not on the way.
          { device_id: 'GS6', bean_id: 2, planned_centi: 100, measured_centi: 0 },
        ],
      })
      .where(and(eq(orderBatches.orderId, order), eq(orderBatches.seq, 1)));
    await heldUnderWay(order);
    const shown = await onDashboard(order, () => true);
    expect(shown.route).toEqual({
      silos_from: 'batches',
      silos: [device('GS2', 'Green Silo 2'), device('GS1', 'Green Silo 1')],
      roaster: device('R2', 'Roaster 2'),
      destination: device('WRB4', 'WRB Bin 4'),
    });
    expect(shown.flow?.nodes.map((n) => n.id)).toEqual(['GS2', 'GS1', 'CL1', 'R2', 'WB1', 'WRB4']);
  });

  it('along its roasting path: only from the path’s silos, and none when they lack a bean', async () => {
    const path = await supervisor<{ id: number }>('POST', '/api/path', {
      name: 'Espresso without Ethiopia',
      start_silos: ['GS3', 'GS5'],
      roaster_id: 'R1',
      destination_id: 'WRB2',
      workflow_id: ruleOn('R1'),
    });
    expect(path.status, JSON.stringify(path.body)).toBe(201);
    const order = await createOrder('Espresso Blend', 'R1', 'WRB2', 500);
    await heldUnderWay(order, { pathId: path.body.id });
    const shown = await onDashboard(order, () => true);
    expect(shown.route).toMatchObject({ silos_from: 'plan', silos: [] });
    expect(shown.flow?.nodes.map((n) => n.id)).toEqual(['CL1', 'R1', 'WB1', 'WRB2']);
  });
});
