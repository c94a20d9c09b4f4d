import { afterEach, describe, expect, test } from 'vitest';
import { OrderStatus, Role, type OrderListReply, type RoastingOrder } from '@roastery/contract';
import { stockBin } from '@roastery/server/testing';
import { bookRoastedLot } from '@roastery/server/testing/orders';
import { signInAs } from '../support/console-actions.ts';
import { dialog } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';
import {
  createOrder,
  createSingleOrigin,
  orderForm,
  orderNumber,
  pendingOrders,
  startOrderInList,
} from '../support/order-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';

// Its own server: the batch a test starts holds the demo plant's first roasting rule a while.
const harness = useConsoleHarness({}, { plant: true });

// Each test starts its order on the demo's first roasting rule; stopping the run frees it for
// the next test, whichever runs first.
afterEach(async () => {
  const { server } = harness();
  for (const rule of (await orderForm(server)).rules) {
    await server.as(Role.Supervisor)('POST', `/api/workflow/${rule.rule_id}/stop`, {});
  }
});

async function roastingOrder(
  server: ReturnType<typeof harness>['server'],
  id: number,
): Promise<RoastingOrder | undefined> {
  return (
    await server.as(Role.Supervisor)<OrderListReply>('GET', '/api/orders/roasting?query=0')
  ).body.data.find((o) => o.order_id === id);
}

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
    await signInAs(page, url, Role.Supervisor, '/orders-pending');
    await startOrderInList(page, number);
    await page.waitForURL(new RegExp(`/admin/test/flow/${rule.rule_id}$`));
    const started = (
      await server.as(Role.Supervisor)<OrderListReply>('GET', '/api/orders/roasting?query=0')
    ).body.data.find((o) => o.order_id === order.order_id);
    expect(started?.status).not.toBe(OrderStatus.NotStarted);
    expect(started?.rule_id).toBe(rule.rule_id);
  });

  test('Start into a bin holding another product asks first: Cancel leaves the order, Mix them starts it', async () => {
    const { page, url, server } = harness();
    const held = await createSingleOrigin(server, 'Test Sumatra');
    const product = await createSingleOrigin(server, 'Test Burundi');
    const heldBean = held.product_recipes[0];
    const bean = product.product_recipes[0];
    if (!heldBean || !bean) throw new Error('A product has no recipe');
    await plantConnected(server);
    const { lotNumber } = await bookRoastedLot(server, {
      productId: held.product_id,
      beanId: heldBean.bean_id,
      silo: 'GS3',
      bin: 'WRB3',
      greenLbs: 100,
    });
    await stockBin(server.services, 'GS1', bean.bean_id, 500);
    const rule = (await orderForm(server)).rules[0];
    if (!rule) throw new Error('The demo plant has no roasting rule');
    const order = await createOrder(server, {
      order_product: product.product_id,
      order_qty: 100,
      rule_id: rule.rule_id,
      roasted_rule_id: 'WRB3',
    });
    const number = orderNumber(order.order_id);
    await signInAs(page, url, Role.Supervisor, '/orders-pending');
    const question = dialog(page).filter({ hasText: 'Mix products in one bin?' });
    const message = `WRB Bin 3 holds Test Sumatra (lot ${lotNumber}): roasting Test Burundi into it would mix products. Confirm the mix to start anyway, or choose another bin.`;

    await startOrderInList(page, number);
    await question.getByText(message, { exact: true }).waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(
      (await pendingOrders(server)).data.find((o) => o.order_id === order.order_id)?.status,
    ).toBe(OrderStatus.NotStarted);
    // Still pending, still startable: nothing was started.
    expect(new URL(page.url()).pathname).toBe('/orders-pending');
    await startOrderInList(page, number);
    await question.getByText(message, { exact: true }).waitFor();
    await question.getByRole('button', { name: 'Mix them' }).click();
    await page.waitForURL(new RegExp(`/admin/test/flow/${rule.rule_id}$`));
    const started = await roastingOrder(server, order.order_id);
    expect(started?.status).not.toBe(OrderStatus.NotStarted);
    expect(started?.destination_device).toBe('WRB3');
  });
});
