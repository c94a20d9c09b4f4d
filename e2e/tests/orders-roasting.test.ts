import { describe, expect, test } from 'vitest';
import {
  orderMessages,
  OrderStatus,
  Role,
  type Dump,
  type OrderListReply,
  type RoastingOrder,
} from '@roastery/contract';
import { eventually, stockBin } from '@roastery/server/testing';
import { lockstepPlant } from '@roastery/server/testing/lockstep';
import { signInAs } from '../support/console-actions.ts';
import { dialog, rowWith } from '../support/form-actions.ts';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import {
  createOrder,
  createSingleOrigin,
  dragCard,
  orderCard,
  orderNumber,
  priorityColumn,
  startOrderInList,
} from '../support/order-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

type Server = Console['server'];

async function roastingOrder(server: Server, id: number): Promise<RoastingOrder | undefined> {
  const lists = await Promise.all(
    [
      '/api/orders?page=1&limit=200',
      '/api/orders/roasting?query=0',
      '/api/orders/finished?page=1&limit=200',
    ].map(
      async (path) => (await server.as(Role.Supervisor)<OrderListReply>('GET', path)).body.data,
    ),
  );
  return lists.flat().find((order) => order.order_id === id);
}

describe('roasting orders and Roasting Completed', () => {
  test('a started order appears on the open board, pauses and resumes, moves priority, finishes, and is listed as Roasting Completed', async ({
    onTestFinished,
  }) => {
    const { page, url, server } = harness();
    const product = await createSingleOrigin(server, 'Test Kenya');
    const bean = product.product_recipes[0];
    if (!bean) throw new Error('The product has no recipe');
    await plantConnected(server);
    // The plant stands still while the board is used, so the batch is still roasting whatever
    // the machine's load; it then moves a second at a time, as soon as the console has seen
    // the last one, instead of roasting for minutes of wall time.
    server.services.runtime.simulator.running?.takeClock();
    await stockBin(server.services, 'GS1', bean.bean_id, 500);
    const order = await createOrder(server, {
      order_product: product.product_id,
      order_qty: 100,
      order_customer: 'Roast Test Cafe',
    });
    const number = orderNumber(order.order_id);
    await signInAs(page, url, Role.Supervisor, '/orders-roasting');
    await page.getByText('This Week', { exact: true }).click();
    const card = orderCard(page, order.order_id);
    await priorityColumn(page, 'medium').waitFor();
    expect(await card.count()).toBe(0);

    const started = await server.as(Role.Supervisor)('PUT', '/api/orders/start', {
      order_id: order.order_id,
    });
    expect(started.status).toBe(200);
    // The order event of the start reaches the open board.
    await priorityColumn(page, 'medium').locator(card).waitFor();
    await card.getByText('of 1 remaining').waitFor();

    await card.getByRole('button', { name: `Stop order ${number}` }).click();
    await card.getByText('Stop Roasting').waitFor();
    expect((await roastingOrder(server, order.order_id))?.ord_tig).toBe(1);
    await card.getByRole('button', { name: `Cancel stop of order ${number}` }).click();
    await card.getByRole('button', { name: `Stop order ${number}` }).waitFor();
    expect(await card.getByText('Stop Roasting').count()).toBe(0);

    await dragCard(page, order.order_id, 'high');
    await eventually(
      async () => (await roastingOrder(server, order.order_id))?.priority === 'high',
      'the order to be high priority',
    );
    await page.reload();
    await priorityColumn(page, 'high').locator(card).waitFor();

    onTestFinished(lockstepPlant(server.services, 1000));
    const finished = await eventually(
      async () => {
        const found = await roastingOrder(server, order.order_id);
        return found?.status === OrderStatus.Finished ? found : undefined;
      },
      'the order to finish',
      60_000,
    );
    expect(finished.reaming_batch).toBe(0);
    await card.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Roasting Completed' }).click();
    const row = rowWith(page, number);
    await row.getByText('Finished', { exact: true }).waitFor();
    const search = page.getByRole('searchbox');
    await search.fill('Roast Test');
    await search.press('Enter');
    await row.waitFor();
    await search.fill(`00${order.order_id}`);
    await search.press('Enter');
    await row.waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await search.fill('Nobody Here');
    await search.press('Enter');
    await page.getByText('No Data', { exact: true }).waitFor();
  });

  test('Start without the beans in the silos offers dump station requests, made on Yes', async () => {
    const { page, url, server } = harness();
    const product = await createSingleOrigin(server, 'Test Yemen');
    await plantConnected(server);
    const order = await createOrder(server, {
      order_product: product.product_id,
      order_qty: 200,
      order_customer: 'Short Beans Cafe',
    });
    const number = orderNumber(order.order_id);
    await signInAs(page, url, Role.Supervisor, '/orders-pending');
    await startOrderInList(page, number);
    await dialog(page).getByText(orderMessages.notEnoughBeans).waitFor();
    await dialog(page).getByRole('button', { name: 'Yes' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    const requests = await eventually(async () => {
      const dumps = (await server.as(Role.Supervisor)<Dump[]>('GET', '/api/dump/pending')).body;
      const mine = dumps.filter((dump) => dump.order_id === order.order_id);
      return mine.length > 0 ? mine : undefined;
    }, 'the dump requests of the order');
    expect(
      requests.every((dump) => dump.bean_name === product.product_recipes[0]?.bean.bean_name),
    ).toBe(true);
    expect((await roastingOrder(server, order.order_id))?.status).toBe(OrderStatus.NotStarted);
  });
});
