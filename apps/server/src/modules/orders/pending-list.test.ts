import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, Role, type OrderListReply, type RoastingOrder } from '@roastery/contract';
import {
  buildTestApp,
  eventually,
  stockBin,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';
import { COMPRESS_FROM_CHARS } from '../../lib/shared-reply-compression.ts';
import { newBean, newProduct, quickRoastWorkflow } from '../../../test/order-fixtures.ts';

let t: TestApp;
let supervisor: ApiCaller;
let roastR1: number;
let productId: number;
let statements: string[] = [];
const recipe: { bean_id: number; ratio: number }[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true, onQuery: (sql) => statements.push(sql) });
  supervisor = t.as(Role.Supervisor);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
  roastR1 = await quickRoastWorkflow(t.database.db, 'R1', 'WRB1', 'Quick roast on R1');
  const bean = await newBean(supervisor, 'Ethiopia Guji');
  recipe.push({ bean_id: bean, ratio: 100 });
  productId = await newProduct(supervisor, 'Guji Light', recipe, 60);
  await stockBin(t.services, 'GS1', bean, 500);
  await eventually(
    () => t.services.runtime.reading('GS1', 'occupancy') === 500,
    'GS1 to read 500 lbs',
  );
});
afterAll(() => t.close());

const pending = () => supervisor<OrderListReply>('GET', '/api/orders?page=1');
const idsOf = (orders: RoastingOrder[]) => orders.map((o) => o.order_id);
const create = async (customer: string, priority: 'low' | 'medium' | 'high') => {
  const res = await supervisor<RoastingOrder>('POST', '/api/orders', {
    order_product: productId,
    order_qty: 120,
    order_customer: customer,
    rule_id: roastR1,
    roasted_rule_id: 'WRB1',
    priority,
    fulfillment_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order_id;
};

/** The statements that read orders while the requests of `during` are answered. */
async function orderReadsOf(during: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await during();
  return statements.filter((s) => /from "orders"/i.test(s));
}

describe('the pending order list under repeated reads', () => {
  it('answers requests for the same page with one read until an order changes', async () => {
    await create('Shared read', 'low');
    const first = await orderReadsOf(pending);
    // The page, its count and the kanban of every pending order.
    expect(first.length).toBe(3);
    const again = await orderReadsOf(() => Promise.all([pending(), pending(), pending()]));
    expect(again).toEqual([]);
    const other = await orderReadsOf(() =>
      supervisor<OrderListReply>('GET', '/api/orders?page=1&query=Shared'),
    );
    expect(other.length).toBe(3);
  });

  it('shows an order created, reordered, started, deleted and its product renamed at once', async () => {
    // Each change follows a read of the list, so a reply kept from before it would show.
    await pending();
    const started = await create('Started soon', 'medium');
    const deleted = await create('Deleted soon', 'medium');
    let list = (await pending()).body;
    expect(idsOf(list.data).slice(0, 2)).toEqual([deleted, started]);
    expect(idsOf(list.kanban.medium)).toEqual(expect.arrayContaining([started, deleted]));

    const saved = await supervisor('POST', '/api/orders/priority', {
      low: [],
      medium: [deleted],
      high: [started],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    list = (await pending()).body;
    expect(idsOf(list.kanban.high)).toEqual([started]);
    expect(idsOf(list.kanban.medium)).toEqual([deleted]);

    const start = await supervisor('PUT', '/api/orders/start', { order_id: started });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    list = (await pending()).body;
    expect(idsOf(list.data)).not.toContain(started);
    expect(idsOf(list.kanban.high)).toEqual([]);
    const active = await supervisor<RoastingOrder[]>('GET', '/api/orders/active');
    expect(active.body.find((o) => o.order_id === started)?.status).toBe(OrderStatus.Processing);

    expect((await supervisor('DELETE', `/api/order/${deleted}`)).status).toBe(200);
    list = (await pending()).body;
    expect(idsOf(list.data)).not.toContain(deleted);
    expect(idsOf(list.kanban.medium)).not.toContain(deleted);

    const renamed = await supervisor('PUT', `/api/product/${productId}`, {
      product: {
        product_name: 'Guji Light Roast',
        batch_weight: 60,
        min_batch_weight: 1,
        max_batch_weight: 1000,
      },
      product_recipes: recipe,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    list = (await pending()).body;
    expect(list.data.map((o) => o.product.product_name)).toEqual(
      list.data.map(() => 'Guji Light Roast'),
    );
    expect(list.data.length).toBeGreaterThan(0);
  });

  it('goes gzipped to a browser, the same list as uncompressed', async () => {
    // Enough orders for a reply worth compressing.
    for (let n = 1; n <= 10; n++) await create(`Gzip ${n}`, 'low');
    const token = await t.tokenFor(Role.Supervisor);
    const get = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/orders?page=1',
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
    const plain = await get({});
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM_CHARS);
    const zipped = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });
});
