import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  OrderStatus,
  RE_ENTRY_LOT,
  Role,
  orderMessages,
  type Bean,
  type PackingForm,
  type PackingOrder,
  type Product,
  type RoastingOrder,
} from '@roastery/contract';
import { orderBatches, orders } from '@roastery/db';
import { buildTestApp, seedDemoPlant, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import type { PlantEvent } from '../../plant/hub/plant-events.ts';

interface PackingList {
  data: PackingOrder[];
  kanban: { low: PackingOrder[]; medium: PackingOrder[]; high: PackingOrder[] };
  totalPage: number;
}

let t: TestApp;
let supervisor: ApiCaller;
let espresso: number;
let decaf: number;
let packingWorkflow: number;
const events: PlantEvent[] = [];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const create = (body: object) =>
  supervisor<PackingOrder>('POST', '/api/orders/packing/create', {
    product_id: espresso,
    order_qty: 250,
    fulfillment_date: inDays(2),
    ...body,
  });
const createOk = async (body: object = {}) => {
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const setStatus = (id: number, status: number) =>
  t.database.db.update(orders).set({ status }).where(eq(orders.id, id));
const list = async () => (await supervisor<PackingList>('GET', '/api/orders/packing')).body;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  supervisor = t.as(Role.Supervisor);
  t.services.hub.subscribe('order', (event) => events.push(event));
  const bean = async (bean_name: string) =>
    (await supervisor<Bean>('POST', '/api/bean', { bean: { bean_name } })).body.id;
  const product = async (product_name: string, bean_id: number) =>
    (
      await supervisor<Product>('POST', '/api/product', {
        product: { product_name, batch_weight: 250 },
        product_recipes: [{ bean_id, ratio: 100 }],
      })
    ).body.product_id;
  espresso = await product('Espresso Roast', await bean('Brazil Santos'));
  decaf = await product('Swiss Water Decaf', await bean('Colombia Decaf'));
  packingWorkflow = (await t.services.workflows.list('packing'))[0]!.id;
});
afterAll(() => t.close());

describe('creating a packing order', () => {
  it('creates one with a quantity, a date and a packing workflow', async () => {
    const created = await createOk({
      order_customer: 'Corner Shop',
      workflow_id: packingWorkflow,
      priority: 'high',
    });
    expect(created).toMatchObject({
      order_customer: 'Corner Shop',
      order_qty: 250,
      split_qty: 250,
      packed_qty: 0,
      status: OrderStatus.NotStarted,
      priority: 'high',
      lot_number: null,
      workflow_id: packingWorkflow,
      product: { product_id: espresso, product_name: 'Espresso Roast' },
    });
    expect(events.at(-1)).toEqual({ type: 'order', id: created.order_id, change: 'saved' });
  });

  it('packs the re-entry bin with lot RE-ENTRY, no quantity (unlimited) and no date', async () => {
    const reentry = await createOk({
      reentry: true,
      order_qty: undefined,
      fulfillment_date: undefined,
    });
    expect(reentry).toMatchObject({
      lot_number: RE_ENTRY_LOT,
      order_qty: -1,
      split_qty: -1,
      fulfillment_date: null,
    });
    const zero = await createOk({ order_qty: 0 });
    expect(zero.order_qty).toBe(-1);
  });

  it('answers the spec messages and refuses what cannot be packed', async () => {
    const cases: [object, number, string][] = [
      [{ product_id: undefined }, 400, orderMessages.packingProduct],
      [{ order_qty: undefined }, 400, orderMessages.packingQuantity],
      [{ fulfillment_date: undefined }, 400, orderMessages.packingDate],
      [{ order_qty: -5 }, 400, 'order_qty'],
      [
        { product_id: 99_999 },
        422,
        `${orderMessages.packingProduct}: product 99999 does not exist.`,
      ],
      [{ workflow_id: 1 }, 422, 'Workflow 1 is not a packing workflow.'],
      [{ fulfillment_date: inDays(-5) }, 422, 'The fulfillment date cannot be in the past.'],
      [{ lot_number: 'X' }, 400, 'lot_number'],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(body);
      expect(res.status, message).toBe(status);
      expect((res.body as unknown as { message: string }).message).toContain(message);
    }
    expect((await t.as(Role.Operator)('POST', '/api/orders/packing/create', {})).status).toBe(403);
  });
});

describe('the packing lists', () => {
  it('lists waiting and processing (4) orders with their kanban', async () => {
    const waiting = await createOk({ priority: 'low' });
    const packing = await createOk({ priority: 'medium' });
    await setStatus(packing.order_id, OrderStatus.PackingProcessing);
    const done = await createOk();
    await setStatus(done.order_id, OrderStatus.Finished);
    const current = await list();
    const ids = current.data.map((o) => o.order_id);
    expect(ids).toEqual(expect.arrayContaining([waiting.order_id, packing.order_id]));
    expect(ids).not.toContain(done.order_id);
    expect(current.kanban.low.map((o) => o.order_id)).toContain(waiting.order_id);
    expect(current.kanban.medium.find((o) => o.order_id === packing.order_id)?.status).toBe(
      OrderStatus.PackingProcessing,
    );
  });

  it('lists packed orders by page and search, unlimited as -1', async () => {
    const unlimited = await createOk({ order_customer: 'Bulk Buyer', order_qty: 0 });
    const counted = await createOk({ order_customer: 'Bulk Buyer', order_qty: 100 });
    for (const o of [unlimited, counted]) {
      await t.services.orders.markStatus(o.order_id, OrderStatus.Finished, [0], {
        finishedAt: new Date(),
      });
    }
    const page = await supervisor<PackingList>(
      'GET',
      '/api/orders/packing/finished?query=bulk&page=1&limit=1',
    );
    expect(page.status).toBe(200);
    expect(page.body.totalPage).toBe(2);
    expect(page.body.data).toHaveLength(1);
    const all = await supervisor<PackingList>(
      'GET',
      '/api/orders/packing/finished?query=bulk&limit=10',
    );
    expect(all.body.data.map((o) => [o.order_id, o.order_qty]).sort()).toEqual(
      [
        [unlimited.order_id, -1],
        [counted.order_id, 100],
      ].sort(),
    );
    const byNumber = await supervisor<PackingList>(
      'GET',
      `/api/orders/packing/finished?query=${String(counted.order_id).padStart(6, '0')}`,
    );
    expect(byNumber.body.data.map((o) => o.order_id)).toEqual([counted.order_id]);
    const hostile = await supervisor(
      'GET',
      `/api/orders/packing/finished?where=${encodeURIComponent('{"status":4}')}`,
    );
    expect(hostile.status).toBe(400);
  });
});

describe('changing packing orders', () => {
  it('deletes a waiting order, never one being packed (4) or packed', async () => {
    const waiting = await createOk();
    const del = await supervisor('DELETE', `/api/orders/packing/${waiting.order_id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: orderMessages.deleted });
    expect(events.at(-1)).toEqual({ type: 'order', id: waiting.order_id, change: 'deleted' });

    const packing = await createOk();
    await setStatus(packing.order_id, OrderStatus.PackingProcessing);
    const busy = await supervisor('DELETE', `/api/orders/packing/${packing.order_id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toContain('is being processed');

    const packed = await createOk();
    await t.database.db.insert(orderBatches).values({
      orderId: packed.order_id,
      seq: 1,
      status: 'finished',
      plannedCenti: 25_000,
    });
    await setStatus(packed.order_id, OrderStatus.Finished);
    const ran = await supervisor('DELETE', `/api/orders/packing/${packed.order_id}`);
    expect(ran.status).toBe(409);

    // A roasting order is not a packing order, and the other way round.
    const roasting = await t.services.orders.insertOrder(
      {
        kind: 'roasting',
        productId: espresso,
        qtyCenti: 25_000,
        batchCenti: 25_000,
        orderDate: new Date(),
      },
      [25_000],
    );
    expect((await supervisor('DELETE', `/api/orders/packing/${roasting}`)).status).toBe(404);
    expect((await supervisor('DELETE', `/api/order/${packing.order_id}`)).status).toBe(404);
  });

  it('saves the packing kanban, refusing roasting ids', async () => {
    const a = await createOk({ priority: 'low' });
    const b = await createOk({ priority: 'low' });
    const saved = await supervisor('POST', '/api/orders/packing/priority', {
      low: [],
      medium: [b.order_id],
      high: [a.order_id],
    });
    expect(saved.status).toBe(200);
    const board = (await list()).kanban;
    expect(board.high.map((o) => o.order_id)).toContain(a.order_id);
    expect(board.medium.map((o) => o.order_id)).toContain(b.order_id);

    const roasting = await t.services.orders.insertOrder(
      { kind: 'roasting', productId: espresso, qtyCenti: 100, orderDate: new Date() },
      [100],
    );
    const refused = await supervisor('POST', '/api/orders/packing/priority', {
      low: [a.order_id, roasting],
      medium: [],
      high: [],
    });
    expect(refused.status).toBe(404);
    expect((await list()).kanban.high.map((o) => o.order_id)).toContain(a.order_id);
  });
});

describe('the packing form', () => {
  it('offers products with roasted beans waiting first, and the packing workflows', async () => {
    const roasted = await t.services.orders.insertOrder(
      { kind: 'roasting', productId: decaf, qtyCenti: 100, orderDate: new Date() },
      [100],
    );
    await t.services.orders.markStatus(roasted, OrderStatus.Finished, [0]);
    const form = await supervisor<PackingForm>('GET', '/api/orders/packing/form');
    expect(form.status).toBe(200);
    expect(form.body.products.map((p) => p.product_name)).toEqual([
      'Swiss Water Decaf',
      'Espresso Roast',
    ]);
    expect(form.body.rules).toEqual([
      { workflow_id: packingWorkflow, name: 'Pack WRB Bin 1 on Packer 1' },
      { workflow_id: expect.any(Number), name: 'Pack WRB Bin 1 on the Manual Bagging Station' },
      { workflow_id: expect.any(Number), name: 'Pack WRB Bin 3 on Packer 2' },
    ]);
    const order = await t.services.orders.getRoasting(roasted);
    expect(order).toMatchObject<Partial<RoastingOrder>>({ status: OrderStatus.Finished });
  });
});
