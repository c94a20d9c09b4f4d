import { describe, expect, test } from 'vitest';
import { OrderStatus, Role, type OrderListReply } from '@roastery/contract';
import { stockBin } from '@roastery/server/testing';
import { signInAs } from '../support/console-actions.ts';
import { rowWith } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';
import {
  createOrder,
  createSingleOrigin,
  orderForm,
  orderNumber,
} from '../support/order-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';

// Its own server: the batch it starts holds the demo plant's only roasting rule for a while.
const harness = useConsoleHarness({}, { plant: true });

describe('starting a roasting order', () => {
  test('Start from the pending list checks the beans, starts, and opens the run of the roasting path', async () => {
    const { page, url, server } = harness();
    const product = await createSingleOrigin(server, 'Test Rwanda');
    const bean = product.product_recipes[0];
    if (!bean) throw new Error('The product has no recipe');
    await plantConnected(server);
    await stockBin(server.services, 'GS2', bean.bean_id, 500);
    const rule = (await orderForm(server)).rules[0];
    if (!rule) throw new Error('The demo plant has no roasting rule');
    const order = await createOrder(server, {
      order_product: product.product_id,
      order_qty: 100,
      rule_id: rule.rule_id,
    });
    const number = orderNumber(order.order_id);
    await signInAs(page, url, Role.Supervisor);
    await page.goto(url('/orders-pending'));
    await rowWith(page, number)
      .getByRole('button', { name: `Start order ${number}`, exact: true })
      .click();
    await page.waitForURL(new RegExp(`/admin/test/flow/${rule.rule_id}$`));
    const started = (
      await server.as(Role.Supervisor)<OrderListReply>('GET', '/api/orders/roasting?query=0')
    ).body.data.find((o) => o.order_id === order.order_id);
    expect(started?.status).not.toBe(OrderStatus.NotStarted);
    expect(started?.rule_id).toBe(rule.rule_id);
  });
});
