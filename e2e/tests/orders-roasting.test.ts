import { describe, expect, test } from 'vitest';
import { OrderStatus, Role, type OrderListReply, type RoastingOrder } from '@roastery/contract';
import { eventually, stockBin } from '@roastery/server/testing';
import { signInAs } from '../support/console-actions.ts';
import { rowWith } from '../support/form-actions.ts';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import {
  createOrder,
  createProduct,
  dragCard,
  orderCard,
  orderNumber,
  priorityColumn,
} from '../support/order-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

type Server = Console['server'];

async function singleOrigin(server: Server, name: string) {
  return createProduct(server, name, [{ name: `${name} bean`, ratio: 100 }], {
    batch_weight: 100,
    min_batch_weight: 50,
    max_batch_weight: 500,
  });
}

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
  test('a started order runs on the roasting board, finishes, and is listed as Roasting Completed', async () => {
    const { page, url, server } = harness();
    const product = await singleOrigin(server, 'Test Kenya');
    const bean = product.product_recipes[0];
    if (!bean) throw new Error('The product has no recipe');
    await plantConnected(server);
    await stockBin(server.services, 'GS1', bean.bean_id, 500);
    const order = await createOrder(server, {
      order_product: product.product_id,
      order_qty: 100,
      order_customer: 'Roast Test Cafe',
    });
    await signInAs(page, url, Role.Supervisor);
    await page.goto(url('/orders-pending'));
    await rowWith(page, orderNumber(order.order_id))
      .getByRole('button', { name: `Start order ${orderNumber(order.order_id)}`, exact: true })
      .click();
    await eventually(
      async () =>
        ((await roastingOrder(server, order.order_id))?.status ?? 0) !== OrderStatus.NotStarted,
      'the order to start',
    );

    await page.goto(url('/orders-roasting'));
    await page.getByText('This Week', { exact: true }).click();
    const finished = await eventually(
      async () => {
        const found = await roastingOrder(server, order.order_id);
        return found?.status === OrderStatus.Finished ? found : undefined;
      },
      'the order to finish',
      60_000,
    );
    expect(finished.reaming_batch).toBe(0);

    await page.getByRole('tab', { name: 'Roasting Completed' }).click();
    const row = rowWith(page, orderNumber(order.order_id));
    await row.getByText('Finished', { exact: true }).waitFor();
    await page.getByRole('searchbox').fill('Roast Test');
    await page.getByRole('searchbox').press('Enter');
    await row.waitFor();
    await page.getByRole('searchbox').fill('Nobody Here');
    await page.getByRole('searchbox').press('Enter');
    await row.waitFor({ state: 'detached' });
    await page.getByText('No Data', { exact: true }).waitFor();
  });

  test('the roasting board saves a dragged card and shows the pause toggle', async () => {
    const { page, url, server } = harness();
    const product = await singleOrigin(server, 'Test Sumatra');
    const bean = product.product_recipes[0];
    if (!bean) throw new Error('The product has no recipe');
    await plantConnected(server);
    await stockBin(server.services, 'GS2', bean.bean_id, 2000);
    const order = await createOrder(server, { order_product: product.product_id, order_qty: 1000 });
    const started = await server.as(Role.Supervisor)('PUT', '/api/orders/start', {
      order_id: order.order_id,
    });
    expect(started.status).toBe(200);

    await signInAs(page, url, Role.Supervisor);
    await page.goto(url('/orders-roasting'));
    const card = orderCard(page, order.order_id);
    await priorityColumn(page, 'medium').locator(card).waitFor();
    await card.getByText('remaining').waitFor();

    await card.getByRole('button', { name: `Stop order ${orderNumber(order.order_id)}` }).click();
    await card.getByText('Stop Roasting').waitFor();
    await card
      .getByRole('button', { name: `Cancel stop of order ${orderNumber(order.order_id)}` })
      .click();
    await card.getByRole('button', { name: `Stop order ${orderNumber(order.order_id)}` }).waitFor();

    await dragCard(page, order.order_id, 'low');
    await eventually(
      async () => (await roastingOrder(server, order.order_id))?.priority === 'low',
      'the order to be low priority',
    );
    await page.reload();
    await priorityColumn(page, 'low').locator(card).waitFor();
  });

  test('orders the plant moves on appear live on the board, pause and resume, and end in Roasting Completed', async () => {
    const { page, url, server } = harness();
    const product = await singleOrigin(server, 'Test Ethiopia');
    const running = await createOrder(server, {
      order_product: product.product_id,
      order_customer: 'Live Board Cafe',
    });
    const failing = await createOrder(server, {
      order_product: product.product_id,
      order_customer: 'Failing Cafe',
    });
    await signInAs(page, url, Role.Supervisor);
    await page.goto(url('/orders-roasting'));
    await priorityColumn(page, 'medium').waitFor();
    const card = orderCard(page, running.order_id);
    expect(await card.count()).toBe(0);

    // What the batch runner does when a batch starts: the order event reaches the open board.
    const { orders } = server.services;
    expect(
      await orders.markStatus(running.order_id, OrderStatus.Processing, [OrderStatus.NotStarted], {
        startedAt: new Date(),
      }),
    ).toBe(true);
    await orders.markStatus(failing.order_id, OrderStatus.Processing, [OrderStatus.NotStarted]);
    await priorityColumn(page, 'medium').locator(card).waitFor();
    await card.getByText('2 of 3 remaining').or(card.getByText('remaining')).first().waitFor();

    const number = orderNumber(running.order_id);
    await card.getByRole('button', { name: `Stop order ${number}` }).click();
    await card.getByText('Stop Roasting').waitFor();
    expect((await roastingOrder(server, running.order_id))?.ord_tig).toBe(1);
    await card.getByRole('button', { name: `Cancel stop of order ${number}` }).click();
    await card.getByRole('button', { name: `Stop order ${number}` }).waitFor();
    expect(await card.getByText('Stop Roasting').count()).toBe(0);

    await dragCard(page, running.order_id, 'high');
    await eventually(
      async () => (await roastingOrder(server, running.order_id))?.priority === 'high',
      'the order to be high priority',
    );
    await page.reload();
    await priorityColumn(page, 'high').locator(card).waitFor();

    await orders.markStatus(running.order_id, OrderStatus.Finished, [OrderStatus.Processing], {
      finishedAt: new Date(),
    });
    await orders.markStatus(failing.order_id, OrderStatus.NotProcessed, [OrderStatus.Processing], {
      failure: 'Roaster 1 stopped: drum motor fault',
      finishedAt: new Date(),
    });
    await card.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Roasting Completed' }).click();
    await rowWith(page, orderNumber(running.order_id))
      .getByText('Finished', { exact: true })
      .waitFor();
    await rowWith(page, orderNumber(failing.order_id))
      .getByText('Not Processed', { exact: true })
      .waitFor();
    const search = page.getByRole('searchbox');
    await search.fill('Failing');
    await search.press('Enter');
    await rowWith(page, orderNumber(running.order_id)).waitFor({ state: 'detached' });
    await rowWith(page, orderNumber(failing.order_id)).waitFor();
    await search.fill(`000${running.order_id}`);
    await search.press('Enter');
    await rowWith(page, orderNumber(running.order_id)).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await search.fill('Nobody Here');
    await search.press('Enter');
    await page.getByText('No Data', { exact: true }).waitFor();
  });
});
