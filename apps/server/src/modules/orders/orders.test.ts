import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  OrderStatus,
  Role,
  SettingRef,
  orderMessages,
  type Bean,
  type FillSiloForm,
  type OrderForm,
  type OrderListReply,
  type Product,
  type RoastingOrder,
} from '@roastery/contract';
import { orderBatches, orders } from '@roastery/db';
import { buildTestApp, seedDemoPlant, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import type { PlantEvent } from '../../plant/hub/plant-events.ts';

let t: TestApp;
let supervisor: ApiCaller;
let admin: ApiCaller;
let roastRule: number;
let packingRule: number;
/** Batch 300 lbs, min 100, max 500. */
let blend: number;
/** No default batch size, max 5000. */
let single: number;
const events: PlantEvent[] = [];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const order = (extra: object = {}) => ({
  order_product: blend,
  order_qty: 1000,
  rule_id: roastRule,
  roasted_rule_id: 'WRB1',
  fulfillment_date: inDays(3),
  ...extra,
});
const create = (extra: object = {}) =>
  supervisor<RoastingOrder>('POST', '/api/orders', order(extra));
const createOk = async (extra: object = {}) => {
  const res = await create(extra);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const batchesOf = (id: number) =>
  t.database.db
    .select()
    .from(orderBatches)
    .where(eq(orderBatches.orderId, id))
    .orderBy(orderBatches.seq);
const setStatus = (id: number, status: number) =>
  t.database.db.update(orders).set({ status }).where(eq(orders.id, id));
const pending = (query: string) => supervisor<OrderListReply>('GET', `/api/orders?${query}`);
const where = (w: unknown) => `where=${encodeURIComponent(JSON.stringify(w))}`;
const setSetting = (ref_id: string, value: string) =>
  admin('POST', '/api/admin/settings', { ref_id, value });

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  supervisor = t.as(Role.Supervisor);
  admin = t.as(Role.Administrator);
  t.services.hub.subscribe('order', (event) => events.push(event));
  const bean = async (bean_name: string) =>
    (await supervisor<Bean>('POST', '/api/bean', { bean: { bean_name } })).body.id;
  const colombia = await bean('Colombia Supremo');
  const brazil = await bean('Brazil Santos');
  const product = async (p: object, recipes: object[]) => {
    const res = await supervisor<Product>('POST', '/api/product', {
      product: p,
      product_recipes: recipes,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.product_id;
  };
  blend = await product(
    {
      product_name: 'House Blend',
      batch_weight: 300,
      min_batch_weight: 100,
      max_batch_weight: 500,
    },
    [
      { bean_id: colombia, ratio: 60 },
      { bean_id: brazil, ratio: 40 },
    ],
  );
  single = await product({ product_name: 'Colombia Single Origin' }, [
    { bean_id: colombia, ratio: 100 },
  ]);
  const form = await supervisor<OrderForm>('GET', '/api/orders/form');
  roastRule = form.body.rules[0]!.rule_id;
  packingRule = (await t.services.workflows.list('packing'))[0]!.id;
});
afterAll(() => t.close());

describe('the order form', () => {
  it('offers the roasting workflows with their roasters, the WRB bins and the settings', async () => {
    const form = await supervisor<OrderForm>('GET', '/api/orders/form');
    expect(form.status).toBe(200);
    expect(form.body.rules).toEqual([
      {
        rule_id: roastRule,
        name: 'Roast Green Silo 1 on Roaster 1 into WRB Bin 1',
        roast_device: 'R1',
        roast_device_name: 'Roaster 1',
        batch_lbs: 500,
      },
      {
        rule_id: expect.any(Number),
        name: 'Roast Green Silo 4 on Roaster 2 into WRB Bin 3',
        roast_device: 'R2',
        roast_device_name: 'Roaster 2',
        batch_lbs: 250,
      },
    ]);
    // WRB bins only: no re-entry bin, no virtual bin.
    expect(form.body.roasted_rules.map((d) => d.device_id)).toEqual([
      'WRB1',
      'WRB2',
      'WRB3',
      'WRB4',
    ]);
    expect(form.body.settings).toEqual({ quantity_field: 'order_qty', destination_required: true });
    const house = form.body.products.find((p) => p.product_id === blend);
    expect(house).toMatchObject({
      product_name: 'House Blend',
      batch_weight: 300,
      min_batch_weight: 100,
      max_batch_weight: 500,
    });
    expect(house?.product_recipes.map((r) => [r.bean_name, r.ratio])).toEqual([
      ['Brazil Santos', 40],
      ['Colombia Supremo', 60],
    ]);
  });

  it('offers beans (products), WRB silos and roasters to the Fill WRB Silo form', async () => {
    const fill = await supervisor<FillSiloForm>('GET', '/api/orders/form/fill');
    expect(fill.status).toBe(200);
    expect(fill.body.silos.map((s) => s.device_id)).toEqual(['WRB1', 'WRB2', 'WRB3', 'WRB4']);
    expect(fill.body.roasters).toEqual([
      { device_id: 'R1', device_name: 'Roaster 1' },
      { device_id: 'R2', device_name: 'Roaster 2' },
    ]);
    expect(fill.body.products.map((p) => p.product_name)).toContain('House Blend');
  });

  it('is for supervisors and administrators only', async () => {
    const operator = t.as(Role.Operator);
    expect((await operator('GET', '/api/orders/form')).status).toBe(403);
    expect((await operator('GET', '/api/orders')).status).toBe(403);
    expect((await operator('POST', '/api/orders', order())).status).toBe(403);
  });
});

describe('creating a roasting order', () => {
  it('splits it into batches of the product batch size, the last holding the remainder', async () => {
    const before = events.length;
    const created = await createOk({ order_customer: 'Blue Door Cafe', priority: 'high' });
    expect(created).toMatchObject({
      order_product: blend,
      product_name: 'House Blend',
      order_qty: 1000,
      split_qty: 1000,
      split_amt: 300,
      total_split: 4,
      reaming_batch: 4,
      batch: null,
      rule_id: roastRule,
      roast_device: 'R1',
      destination_device: 'WRB1',
      destination_device_name: 'WRB Bin 1',
      order_status: OrderStatus.NotStarted,
      ord_tig: 0,
      priority: 'high',
      order_customer: 'Blue Door Cafe',
    });
    const batches = await batchesOf(created.order_id);
    expect(batches.map((b) => b.plannedCenti)).toEqual([30_000, 30_000, 30_000, 10_000]);
    expect(batches.every((b) => b.status === 'pending')).toBe(true);
    expect(events.slice(before)).toContainEqual({
      type: 'order',
      id: created.order_id,
      change: 'saved',
    });
  });

  it('keeps exact hundredths: 1000.01 lbs in 300 lb batches', async () => {
    const created = await createOk({ order_qty: 1000.01 });
    const planned = (await batchesOf(created.order_id)).map((b) => b.plannedCenti ?? 0);
    expect(planned).toEqual([30_000, 30_000, 30_000, 10_001]);
    expect(planned.reduce((a, b) => a + b, 0)).toBe(100_001);
  });

  it('uses the override batch size, bounded by the product min and max', async () => {
    const created = await createOk({ override_batch: true, new_split_qty: 450 });
    expect(created).toMatchObject({ total_split: 3, split_amt: 450, override_batch: true });
    expect((await batchesOf(created.order_id)).map((b) => b.plannedCenti)).toEqual([
      45_000, 45_000, 10_000,
    ]);

    const missing = await create({ override_batch: true });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: orderMessages.batchSize });
    for (const size of [600, 50]) {
      const out = await create({ override_batch: true, new_split_qty: size });
      expect(out.status).toBe(422);
      expect((out.body as unknown as { message: string }).message).toBe(
        `${orderMessages.batchSize} between 100.00 lbs and 500.00 lbs.`,
      );
    }
  });

  it('roasts a product without a batch size in one batch, never above its max', async () => {
    const one = await createOk({ order_product: single, order_qty: 1200 });
    expect(one).toMatchObject({ total_split: 1, split_amt: 1200 });
    const capped = await createOk({ order_product: single, order_qty: 12_000 });
    expect((await batchesOf(capped.order_id)).map((b) => b.plannedCenti)).toEqual([
      500_000, 500_000, 200_000,
    ]);
  });

  it('refuses more batches than an order may have', async () => {
    const res = await create({ order_qty: 200_000, override_batch: true, new_split_qty: 100 });
    expect(res.status).toBe(422);
    expect((res.body as unknown as { message: string }).message).toContain('2000 batches');
  });

  it('answers each missing field with the spec message', async () => {
    const cases: [object, string][] = [
      [{ rule_id: undefined }, orderMessages.roaster],
      [{ order_product: undefined }, orderMessages.product],
      [{ fulfillment_date: undefined }, orderMessages.fulfillmentDate],
      [{ roasted_rule_id: undefined }, orderMessages.destination],
      [{ order_qty: undefined }, orderMessages.quantity],
    ];
    for (const [change, message] of cases) {
      const res = await create(change);
      expect(res.status, message).toBe(400);
      expect((res.body as unknown as { message: string }).message).toContain(message);
    }
  });

  it('refuses an unknown product, a rule that is not roasting, a bin that is no destination', async () => {
    const cases: [object, string][] = [
      [{ order_product: 99_999 }, `${orderMessages.product}: product 99999 does not exist.`],
      [
        { rule_id: packingRule },
        `${orderMessages.roaster}: workflow ${packingRule} is not a roasting workflow.`,
      ],
      [{ rule_id: 99_999 }, `${orderMessages.roaster}: workflow 99999 is not a roasting workflow.`],
      [
        { roasted_rule_id: 'REB1' },
        `${orderMessages.destination}: REB1 is not a roasted-bean bin.`,
      ],
      [
        { roasted_rule_id: 'vbin' },
        `${orderMessages.destination}: vbin is not a roasted-bean bin.`,
      ],
      [{ fulfillment_date: inDays(-3) }, 'The fulfillment date cannot be in the past.'],
      [{ order_qty: 0.001 }, 'The quantity must be at least 0.01 lbs.'],
    ];
    for (const [change, message] of cases) {
      const res = await create(change);
      expect(res.status, message).toBe(422);
      expect((res.body as unknown as { message: string }).message).toBe(message);
    }
    const wrong: object[] = [
      { order_qty: '1000' },
      { order_qty: 1e9 },
      { order_qty: -5 },
      { override_batch: true, new_split_qty: 1e300 },
      { order_customer: 'x'.repeat(500) },
      { rule_id: 2 ** 40 },
      { roasted_rule_id: "WRB1'; DROP TABLE orders; --" },
      { priority: 'urgent' },
      { fulfillment_date: 'next week' },
    ];
    for (const change of wrong) {
      expect((await create(change)).status, JSON.stringify(change)).toBe(400);
    }
    const tooMany = await supervisor('POST', '/api/orders/priority', {
      low: Array.from({ length: 1001 }, (_, i) => i + 1),
      medium: [],
      high: [],
    });
    expect(tooMany.status).toBe(400);
    const extra = await create({ status: 2 });
    expect(extra.status).toBe(400);
  });

  it('follows the order-form settings: destination optional, quantity as batches', async () => {
    expect((await setSetting(SettingRef.OrderFormDestination, 'no')).status).toBe(200);
    expect((await setSetting(SettingRef.OrderFormQuantity, 'total_split')).status).toBe(200);
    try {
      const form = await supervisor<OrderForm>('GET', '/api/orders/form');
      expect(form.body.settings).toEqual({
        quantity_field: 'total_split',
        destination_required: false,
      });
      const byBatches = await createOk({
        roasted_rule_id: undefined,
        order_qty: undefined,
        total_split: 3,
      });
      expect(byBatches).toMatchObject({
        order_qty: 900,
        total_split: 3,
        destination_device: null,
      });
      const noCount = await create({ order_qty: undefined });
      expect(noCount.status).toBe(400);
      expect(noCount.body).toMatchObject({ message: orderMessages.quantity });
    } finally {
      await setSetting(SettingRef.OrderFormDestination, 'yes');
      await setSetting(SettingRef.OrderFormQuantity, 'order_qty');
    }
  });
});

describe('the pending list', () => {
  let acme50: RoastingOrder;
  let acme500: RoastingOrder;
  let late: RoastingOrder;

  beforeAll(async () => {
    acme50 = await createOk({ order_customer: 'Acme 50% Off_Sale', priority: 'low' });
    acme500 = await createOk({ order_customer: 'Acme 500 Sale', priority: 'low' });
    late = await createOk({
      order_customer: 'Late Roasters',
      order_product: single,
      fulfillment_date: inDays(40),
    });
  });

  it('searches the order number with leading zeros, else the customer with wildcards escaped', async () => {
    const byNumber = await pending(`query=${String(acme50.order_id).padStart(6, '0')}`);
    expect(byNumber.body.data.map((o) => o.order_id)).toEqual([acme50.order_id]);
    const byPercent = await pending(`query=${encodeURIComponent('50%')}`);
    expect(byPercent.body.data.map((o) => o.order_id)).toEqual([acme50.order_id]);
    const byUnderscore = await pending(`query=${encodeURIComponent('f_s')}`);
    expect(byUnderscore.body.data.map((o) => o.order_id)).toEqual([acme50.order_id]);
    const byText = await pending('query=acme');
    expect(byText.body.data.map((o) => o.order_id)).toEqual([acme500.order_id, acme50.order_id]);
    expect((await pending('query=99999999999999')).body.data).toEqual([]);
    expect((await pending('query=000')).body.data).toEqual([]);
  });

  it('pages from 1 with a page count, and keeps every match on the kanban', async () => {
    const total = (await pending('limit=200')).body.data.length;
    const first = await pending('page=1&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.totalPage).toBe(Math.ceil(total / 2));
    const kanban = first.body.kanban;
    expect(kanban.low.length + kanban.medium.length + kanban.high.length).toBe(total);
    expect(kanban.low.map((o) => o.order_id)).toEqual(
      expect.arrayContaining([acme50.order_id, acme500.order_id]),
    );
    const beyond = await pending(`page=${first.body.totalPage + 1}&limit=2`);
    expect(beyond.body.data).toEqual([]);
  });

  it('filters by the where allow-list: id, customer, product, date ranges', async () => {
    const byId = await pending(where({ order_id: late.order_id }));
    expect(byId.body.data.map((o) => o.order_id)).toEqual([late.order_id]);
    const byCustomer = await pending(where({ order_customer: 'LATE' }));
    expect(byCustomer.body.data.map((o) => o.order_id)).toEqual([late.order_id]);
    const byProduct = await pending(where({ order_product: single }));
    expect(byProduct.body.data.map((o) => o.order_id)).toContain(late.order_id);
    expect(byProduct.body.data.every((o) => o.order_product === single)).toBe(true);
    const byFulfillment = await pending(
      where({ fulfillment_date: { gte: inDays(30), lt: inDays(50) } }),
    );
    expect(byFulfillment.body.data.map((o) => o.order_id)).toEqual([late.order_id]);
    const today = await pending(where({ order_date: { gte: inDays(-1), lt: inDays(1) } }));
    expect(today.body.data.map((o) => o.order_id)).toContain(late.order_id);
    const tomorrow = await pending(where({ order_date: { gte: inDays(1) } }));
    expect(tomorrow.body.data).toEqual([]);
    const both = await pending(`${where({ order_customer: 'acme' })}&query=500%20sale`);
    expect(both.body.data.map((o) => o.order_id)).toEqual([acme500.order_id]);
  });

  it('refuses hostile where filters with 400 and a clear message', async () => {
    const hostile: [string, string][] = [
      ['where=not-json', 'The where filter is not valid JSON.'],
      [where({ status: 2 }), 'where: Unrecognized key'],
      [where({ order_id: '1 OR 1=1' }), 'where.order_id'],
      [where({ order_id: 1e12 }), 'where.order_id: Must be at most 2147483647'],
      [where({ order_id: -1 }), 'where.order_id'],
      [where({ order_customer: "x'; DROP TABLE orders; --".repeat(10) }), 'where.order_customer'],
      [where({ order_date: { gte: 'yesterday' } }), 'where.order_date.gte'],
      [where({ order_date: { gt: inDays(0) } }), 'where.order_date'],
      [where({ order_product: { $ne: 1 } }), 'where.order_product'],
      [where([1, 2]), 'where'],
      [where(null), 'where'],
      [`where=${encodeURIComponent('{"order_id":1}'.padEnd(2001, ' '))}`, 'where'],
      ['limit=100000', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['sort=id', 'sort'],
    ];
    for (const [query, message] of hostile) {
      const res = await pending(query);
      expect(res.status, query).toBe(400);
      expect((res.body as unknown as { message: string }).message, query).toContain(message);
    }
    // The orders are all still there.
    expect((await pending(where({ order_id: late.order_id }))).body.data).toHaveLength(1);
  });
});

describe('editing and deleting', () => {
  it('updates a pending order and plans its batches again', async () => {
    const created = await createOk();
    const before = events.length;
    const res = await supervisor<RoastingOrder>(
      'PUT',
      `/api/orders/${created.order_id}`,
      order({ order_qty: 700, roasted_rule_id: 'WRB2', order_customer: 'Changed' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      order_qty: 700,
      total_split: 3,
      destination_device: 'WRB2',
      order_customer: 'Changed',
    });
    const batches = await batchesOf(created.order_id);
    expect(batches.map((b) => b.plannedCenti)).toEqual([30_000, 30_000, 10_000]);
    expect(events.slice(before)).toContainEqual({
      type: 'order',
      id: created.order_id,
      change: 'saved',
    });
  });

  it('refuses to edit once a batch has started, and an unknown order', async () => {
    const created = await createOk();
    const [first] = await batchesOf(created.order_id);
    await t.database.db
      .update(orderBatches)
      .set({ status: 'finished' })
      .where(eq(orderBatches.id, first!.id));
    const res = await supervisor('PUT', `/api/orders/${created.order_id}`, order());
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('can no longer be edited');
    const listed = await pending(where({ order_id: created.order_id }));
    expect(listed.body.data[0]).toMatchObject({ order_qty: 1000, split_qty: 700 });
    expect((await batchesOf(created.order_id)).map((b) => b.plannedCenti)).toEqual([
      30_000, 30_000, 30_000, 10_000,
    ]);
    const unknown = await supervisor('PUT', '/api/orders/99999', order());
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order 099999 not found.');
    const tooBig = await supervisor('PUT', '/api/orders/99999999999', order());
    expect(tooBig.status).toBe(404);
  });

  it('moves an order given another priority to the bottom of that column', async () => {
    const top = await createOk({ priority: 'high' });
    const moved = await createOk({ priority: 'low' });
    const res = await supervisor<RoastingOrder>(
      'PUT',
      `/api/orders/${moved.order_id}`,
      order({ priority: 'high' }),
    );
    expect(res.body.priority).toBe('high');
    const high = (await pending('limit=1')).body.kanban.high.map((o) => o.order_id);
    expect(high.indexOf(top.order_id)).toBeLessThan(high.indexOf(moved.order_id));
    expect(high.at(-1)).toBe(moved.order_id);
  });

  it('refuses to edit an order that was stopped as Not Processed', async () => {
    const stopped = await createOk();
    await t.services.orders.markStatus(stopped.order_id, OrderStatus.NotProcessed, [0], {
      failure: 'Roaster 1 reported a burner flame failure',
    });
    const res = await supervisor('PUT', `/api/orders/${stopped.order_id}`, order());
    expect(res.status).toBe(409);
  });

  it('keeps a device that an order names from being deleted', async () => {
    const created = await createOk({ roasted_rule_id: 'WRB4' });
    const res = await admin('DELETE', '/api/device/WRB4');
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`order ${String(created.order_id).padStart(6, '0')}`);
  });

  it('deletes a pending order with its batches', async () => {
    const created = await createOk();
    const res = await supervisor('DELETE', `/api/order/${created.order_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: orderMessages.deleted });
    expect(await batchesOf(created.order_id)).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'order', id: created.order_id, change: 'deleted' });
    expect((await supervisor('DELETE', `/api/order/${created.order_id}`)).status).toBe(404);
  });

  it('refuses to delete an order being processed or one whose batches ran', async () => {
    const processing = await createOk();
    await setStatus(processing.order_id, OrderStatus.Processing);
    const busy = await supervisor('DELETE', `/api/order/${processing.order_id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(
      `Order ${String(processing.order_id).padStart(6, '0')} is being processed and cannot be deleted.`,
    );
    const failed = await createOk();
    const [first] = await batchesOf(failed.order_id);
    await t.database.db
      .update(orderBatches)
      .set({ status: 'failed' })
      .where(eq(orderBatches.id, first!.id));
    await setStatus(failed.order_id, OrderStatus.NotProcessed);
    const ran = await supervisor('DELETE', `/api/order/${failed.order_id}`);
    expect(ran.status).toBe(409);
    expect(ran.body.message).toContain('on the ledger');
    expect(await batchesOf(failed.order_id)).toHaveLength(4);
  });
});

describe('pausing, the roasting tab and the active orders', () => {
  it('toggles a roasting order between Stop Roasting (5, ord_tig 1) and Processing', async () => {
    const created = await createOk();
    const notStarted = await supervisor('POST', `/api/orders/toogle/${created.order_id}`);
    expect(notStarted.status).toBe(409);
    expect(notStarted.body.message).toContain('is not being roasted');

    expect(
      await t.services.orders.markStatus(created.order_id, OrderStatus.Processing, [
        OrderStatus.NotStarted,
      ]),
    ).toBe(true);
    const stop = await supervisor<RoastingOrder>('POST', `/api/orders/toogle/${created.order_id}`);
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({ status: OrderStatus.Paused, ord_tig: 1 });
    expect(events.at(-1)).toEqual({ type: 'order', id: created.order_id, change: 'status' });

    const roasting = await supervisor<OrderListReply>('GET', '/api/orders/roasting?query=0');
    expect(roasting.body.data.map((o) => o.order_id)).toContain(created.order_id);
    const active = await supervisor<RoastingOrder[]>('GET', '/api/orders/active');
    expect(active.body.find((o) => o.order_id === created.order_id)).toMatchObject({ ord_tig: 1 });

    const cancel = await supervisor<RoastingOrder>(
      'POST',
      `/api/orders/toogle/${created.order_id}`,
    );
    expect(cancel.body).toMatchObject({ status: OrderStatus.Processing, ord_tig: 0 });
    expect((await supervisor('POST', '/api/orders/toogle/99999')).status).toBe(404);
  });

  it('filters the roasting tab by period (days back) or a custom range', async () => {
    const old = await createOk();
    await t.services.orders.markStatus(old.order_id, OrderStatus.Processing, [0]);
    await t.database.db
      .update(orders)
      .set({ orderDate: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.id, old.order_id));
    const ids = async (query: string) =>
      (await supervisor<OrderListReply>('GET', `/api/orders/roasting?${query}`)).body.data.map(
        (o) => o.order_id,
      );
    expect(await ids('query=30')).not.toContain(old.order_id);
    expect(await ids('query=360')).toContain(old.order_id);
    expect(await ids('query=0')).toContain(old.order_id);
    expect(
      await ids(`from=${encodeURIComponent(inDays(-45))}&to=${encodeURIComponent(inDays(-35))}`),
    ).toEqual([old.order_id]);
    expect((await supervisor('GET', '/api/orders/roasting?query=5')).status).toBe(400);
    const backwards = await supervisor(
      'GET',
      `/api/orders/roasting?from=${encodeURIComponent(inDays(0))}&to=${encodeURIComponent(inDays(-1))}`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The period must start before it ends.');
  });

  it('lists Finished, Packed and Not Processed orders as roasting completed', async () => {
    const finished = await createOk({ order_customer: 'Completed Co' });
    await t.services.orders.markStatus(finished.order_id, OrderStatus.Finished, [0], {
      finishedAt: new Date(),
    });
    const res = await supervisor<OrderListReply>('GET', '/api/orders/finished?query=completed');
    expect(res.status).toBe(200);
    expect(res.body.data.map((o) => [o.order_id, o.status])).toEqual([
      [finished.order_id, OrderStatus.Finished],
    ]);
    expect((await pending(where({ order_id: finished.order_id }))).body.data).toEqual([]);
  });
});

describe('the kanban', () => {
  it('saves priorities and ranks of the three columns at once', async () => {
    const a = await createOk();
    const b = await createOk();
    const c = await createOk();
    const res = await supervisor('POST', '/api/orders/priority', {
      low: [c.order_id],
      medium: [],
      high: [b.order_id, a.order_id],
    });
    expect(res.status).toBe(200);
    const board = (await pending('limit=1')).body.kanban;
    const high = board.high.map((o) => o.order_id);
    expect(high.indexOf(b.order_id)).toBeLessThan(high.indexOf(a.order_id));
    expect(board.low.map((o) => o.order_id)).toContain(c.order_id);
    expect(events.slice(-3).map((e) => e.type === 'order' && e.id)).toEqual([
      c.order_id,
      b.order_id,
      a.order_id,
    ]);
  });

  it('saves nothing when an id is unknown, repeated, finished or of another kind', async () => {
    const a = await createOk({ priority: 'medium' });
    const finished = await createOk();
    await setStatus(finished.order_id, OrderStatus.Finished);
    const packing = await supervisor<{ order_id: number }>('POST', '/api/orders/packing/create', {
      product_id: blend,
      reentry: true,
    });
    const attempts: [object, number, string][] = [
      [
        { low: [a.order_id, 99_999], medium: [], high: [] },
        404,
        'Unknown roasting order(s): 099999.',
      ],
      [{ low: [a.order_id], medium: [a.order_id], high: [] }, 400, 'appear more than once'],
      [{ low: [a.order_id, finished.order_id], medium: [], high: [] }, 409, 'keep their priority'],
      [{ low: [a.order_id, packing.body.order_id], medium: [], high: [] }, 404, 'Unknown roasting'],
      [{ low: [a.order_id], medium: [] }, 400, 'high'],
      [{ low: ['1'], medium: [], high: [] }, 400, 'low'],
    ];
    for (const [body, status, message] of attempts) {
      const res = await supervisor('POST', '/api/orders/priority', body);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const still = (await pending(where({ order_id: a.order_id }))).body.data[0];
    expect(still?.priority).toBe('medium');
  });
});

describe('the order service for the order runner', () => {
  it('lists pending orders by priority, rank and fulfillment date', async () => {
    const low = await createOk({ priority: 'low' });
    const highLater = await createOk({ priority: 'high', fulfillment_date: inDays(9) });
    const highSooner = await createOk({ priority: 'high', fulfillment_date: inDays(2) });
    await supervisor('POST', '/api/orders/priority', {
      low: [low.order_id],
      medium: [],
      high: [highLater.order_id, highSooner.order_id],
    });
    const queue = (await t.services.orders.pendingByPriority()).map((r) => r.order.id);
    // The board's order decides before the dates do.
    expect(queue.indexOf(highLater.order_id)).toBeLessThan(queue.indexOf(highSooner.order_id));
    expect(queue.indexOf(highSooner.order_id)).toBeLessThan(queue.indexOf(low.order_id));
  });

  it('gives an order with its batches, and moves status only from the expected ones', async () => {
    const created = await createOk();
    const found = await t.services.orders.withBatches(created.order_id);
    expect(found?.order.order).toMatchObject({ qtyCenti: 100_000, batchCenti: 30_000 });
    expect(found?.order.roasterCode).toBe('R1');
    expect(found?.batches.map((b) => b.seq)).toEqual([1, 2, 3, 4]);
    expect(await t.services.orders.withBatches(99_999)).toBeUndefined();
    const start = () =>
      t.services.orders.markStatus(created.order_id, OrderStatus.Processing, [
        OrderStatus.NotStarted,
      ]);
    expect(await start()).toBe(true);
    expect(await start()).toBe(false);
  });

  it('changes a batch only from the expected status, and numbers new runs after the last', async () => {
    const created = await createOk();
    const found = await t.services.orders.withBatches(created.order_id);
    const first = found!.batches[0]!;
    const before = events.length;
    const run = () =>
      t.services.orders.updateBatch(first, ['pending'], {
        status: 'running',
        runId: 'run-1',
        startedAt: new Date(),
      });
    expect(await run()).toBe(true);
    expect(await run()).toBe(false);
    expect(events.slice(before)).toEqual([
      { type: 'order', id: created.order_id, change: 'batch' },
    ]);
    const listed = (
      await supervisor<OrderListReply>(
        'GET',
        `/api/orders?${where({ order_id: created.order_id })}`,
      )
    ).body.data[0];
    expect(listed).toMatchObject({
      order_qty: 1000,
      split_qty: 700,
      reaming_batch: 3,
      total_split: 4,
    });
    const added = await t.services.orders.addBatch(created.order_id, { plannedCenti: 500 });
    expect(added).toMatchObject({ orderId: created.order_id, seq: 5, status: 'pending' });
  });
});
