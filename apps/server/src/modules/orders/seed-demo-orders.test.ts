import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, RE_ENTRY_LOT, type Bean, type OrderListReply } from '@roastery/contract';
import { buildTestApp, seedDemoPlant, type TestApp } from '../../../test/helper.ts';
import { seedDemoOrders } from './seed-demo-orders.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
});
afterAll(() => t.close());

describe('the demo orders', () => {
  it('seeds pending roasting orders of each priority and packing orders, nothing on the ledger', async () => {
    const supervisor = t.as(Role.Supervisor);
    // A bean a person already made is used, not made twice.
    const brazil = (
      await supervisor<Bean>('POST', '/api/bean', { bean: { bean_name: 'Brazil Santos' } })
    ).body.id;
    expect(await seedDemoOrders(t.services, new Date())).toBe(true);

    const pending = (await supervisor<OrderListReply>('GET', '/api/orders?limit=50')).body;
    expect(pending.data).toHaveLength(3);
    for (const priority of ['low', 'medium', 'high'] as const) {
      expect(pending.kanban[priority], priority).toHaveLength(1);
    }
    const house = pending.kanban.high[0];
    expect(house).toMatchObject({
      product_name: 'House Blend',
      order_qty: 1500,
      total_split: 3,
      split_amt: 500,
      roast_device: 'R1',
      destination_device: 'WRB1',
    });
    expect(
      house?.product.product_recipes.find((r) => r.bean_name === 'Brazil Santos')?.bean_id,
    ).toBe(brazil);
    const packing = (
      await supervisor<{ data: { lot_number: string | null; order_qty: number }[] }>(
        'GET',
        '/api/orders/packing',
      )
    ).body.data;
    expect(packing.map((p) => [p.lot_number, p.order_qty]).sort()).toEqual(
      [
        [null, 1000],
        [RE_ENTRY_LOT, -1],
      ].sort(),
    );
    // No order has started, so none has (or needs) a movement on the ledger.
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
    expect((await t.services.ledger.siloContents()).every((s) => s.occupancy === 0)).toBe(true);
    expect(await seedDemoOrders(t.services, new Date())).toBe(false);
  });
});
