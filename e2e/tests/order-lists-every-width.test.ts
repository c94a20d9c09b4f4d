import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { orderMessages, OrderStatus, Role, type PackingOrder } from '@roastery/contract';
import { orders } from '@roastery/db';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { dialog, popconfirm, rowWith } from '../support/form-actions.ts';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import {
  boxOf,
  cellUnder,
  overflowOf,
  pageOverflow,
  PHONE,
  tableProblems,
  tableRows,
} from '../support/layout-checks.ts';
import {
  createOrder,
  createSingleOrigin,
  orderNumber,
  pendingOrders,
} from '../support/order-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

/** For a test that opens every list: each screen is also checked with axe as the test leaves it. */
const SCREENS_MS = 300_000;

/** A customer's name longer than its column, as real ones are. */
const LONG_CUSTOMER = 'Blue Door Cafe & Roasting Company of Northern California';

interface Listed {
  number: string;
  customer: string;
}

interface Seeded {
  productId: number;
  pending: Listed[];
  finished: Listed[];
  packing: Listed[];
  packed: Listed[];
}

async function createPacking(server: Console['server'], productId: number, customer: string) {
  const reply = await server.as(Role.Supervisor)<PackingOrder>(
    'POST',
    '/api/orders/packing/create',
    {
      product_id: productId,
      order_qty: 50,
      fulfillment_date: new Date().toISOString(),
      order_customer: customer,
    },
  );
  if (reply.status >= 300) throw new Error(`Creating a packing order answered ${reply.status}`);
  return reply.body.order_id;
}

/** Marks an order ended, as its last batch would: only its place in the lists matters here. */
async function endOrder(server: Console['server'], id: number, status: number, failure?: string) {
  await server.database.db
    .update(orders)
    .set({ status, failure: failure ?? null, finishedAt: new Date() })
    .where(eq(orders.id, id));
}

async function seed(server: Console['server']): Promise<Seeded> {
  const product = await createSingleOrigin(server, 'Ethiopia Yirgacheffe Natural Process');
  const roasting = async (customer: string) => ({
    customer,
    id: (
      await createOrder(server, {
        order_product: product.product_id,
        order_customer: customer,
        order_qty: 750,
      })
    ).order_id,
  });
  const listed = ({ id, customer }: { id: number; customer: string }) => ({
    number: orderNumber(id),
    customer,
  });

  const open = [await roasting(LONG_CUSTOMER), await roasting('Acme'), await roasting('Deli')];
  const done = await roasting('Finished Cafe');
  const failed = await roasting('Failed Diner');
  await endOrder(server, done.id, OrderStatus.Finished);
  await endOrder(server, failed.id, OrderStatus.NotProcessed, 'Roaster 1 stopped the batch');
  const waiting = {
    id: await createPacking(server, product.product_id, LONG_CUSTOMER),
    customer: LONG_CUSTOMER,
  };
  const bagged = {
    id: await createPacking(server, product.product_id, 'Corner Shop'),
    customer: 'Corner Shop',
  };
  await endOrder(server, bagged.id, OrderStatus.Packed);

  return {
    productId: product.product_id,
    pending: open.map(listed),
    finished: [done, failed].map(listed),
    packing: [waiting].map(listed),
    packed: [bagged].map(listed),
  };
}

let seeding: Promise<Seeded> | undefined;

/** The file's orders, made by the first test that asks: the database is the file's. */
function seeded(server: Console['server']): Promise<Seeded> {
  seeding ??= seed(server);
  return seeding;
}

/** The order lists, what each holds, and the columns that say what a row is. */
const lists = ({ pending, finished, packing, packed }: Seeded) => [
  {
    path: '/orders-pending',
    label: 'Pending orders',
    orders: pending,
    identity: ['Order ID', 'Customer', 'Roaster', 'Destination', 'Fullfilment Date', 'Order Date'],
    actions: 'Actions',
  },
  {
    path: '/orders-completed',
    label: 'Finished roasting orders',
    orders: finished,
    identity: ['Order ID', 'Customer', 'Roaster', 'Destination', 'Status'],
    actions: undefined,
  },
  {
    path: '/orders-packing',
    label: 'Packing orders',
    orders: packing,
    identity: ['Order ID', 'Customer', 'Fullfilment Date', 'Order Date', 'Status'],
    actions: 'Actions',
  },
  {
    path: '/order-packing-finished',
    label: 'Packed orders',
    orders: packed,
    identity: ['Order ID', 'Customer', 'Packed (lbs)', 'Order Date'],
    actions: undefined,
  },
];

/** The list is on screen: each of its orders' numbers shows. */
async function openList(page: Page, url: (path: string) => string, path: string, first: string) {
  await page.goto(url(path));
  await page.getByText(first, { exact: true }).first().waitFor();
}

describe('the order lists at 1440 and 1366 px', () => {
  test(
    'fit their card, and no column of actions hides what a row is',
    { timeout: SCREENS_MS },
    async () => {
      const { page, url, server } = harness();
      const seededOrders = await seeded(server);
      await signInAs(page, url, Role.Supervisor);
      for (const width of [1440, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        for (const list of lists(seededOrders)) {
          const first = list.orders[0]?.number ?? '';
          await openList(page, url, list.path, first);
          const where = `${list.path} at ${width} px`;
          expect(await pageOverflow(page), where).toBeLessThanOrEqual(0);
          expect(await tableRows(page).count(), where).toBe(list.orders.length);
          for (const order of list.orders) {
            const row = rowWith(page, order.number);
            const customer = await cellUnder(page, row, 'Customer');
            expect(await customer.innerText(), where).toBe(order.customer);
            expect(await customer.isVisible(), where).toBe(true);
          }
          expect(await tableProblems(page, list.identity, list.actions), where).toEqual([]);
        }
      }
    },
  );

  test("a pending order's compact buttons say their word and act on their row", async () => {
    const { page, url, server } = harness();
    const order = (await seeded(server)).pending[1];
    if (!order) throw new Error('No pending order');
    await signInAs(page, url, Role.Supervisor);
    await page.setViewportSize({ width: 1366, height: 900 });
    await openList(page, url, '/orders-pending', order.number);
    const row = rowWith(page, order.number);
    for (const [name, word] of [
      [`Delete order ${order.number}`, 'Delete'],
      [`Edit order ${order.number}`, 'Edit'],
      [`Start order ${order.number}`, 'Start'],
      [`Start order ${order.number} with chosen devices`, 'Start with chosen devices'],
    ] as const) {
      const button = row.getByRole('button', { name, exact: true });
      await button.hover();
      await page.getByRole('tooltip', { name: word, exact: true }).waitFor();
    }
    await row.getByRole('button', { name: `Edit order ${order.number}`, exact: true }).click();
    await dialog(page).getByText('Update Order').waitFor();
    expect(await dialog(page).getByLabel('Customer').inputValue()).toBe(order.customer);
  });
});

/** The card of the list `label` that shows `number`. */
const cardOf = (page: Page, label: string, number: string): Locator =>
  page
    .getByRole('list', { name: label, exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByText(number, { exact: true }) });

/** The element lies whole within the window's width. */
async function expectInWindow(element: Locator, what: string): Promise<void> {
  const box = await boxOf(element);
  expect(box.left, what).toBeGreaterThanOrEqual(0);
  expect(box.right, what).toBeLessThanOrEqual(PHONE.width);
}

describe('the order lists at 390 px', () => {
  test(
    'show a card per order with its number, customer and buttons, and no sideways scroll',
    { timeout: SCREENS_MS },
    async () => {
      const { page, url, server } = harness();
      const seededOrders = await seeded(server);
      await page.setViewportSize(PHONE);
      await signInAs(page, url, Role.Supervisor);
      const buttons: Record<string, (number: string) => string[]> = {
        'Pending orders': (n) => [
          `Delete order ${n}`,
          `Edit order ${n}`,
          `Start order ${n}`,
          `Start order ${n} with chosen devices`,
        ],
        'Packing orders': (n) => [`Start packing order ${n}`, `Delete packing order ${n}`],
      };
      for (const list of lists(seededOrders)) {
        await openList(page, url, list.path, list.orders[0]?.number ?? '');
        expect(await pageOverflow(page), list.path).toBeLessThanOrEqual(0);
        const cards = page
          .getByRole('list', { name: list.label, exact: true })
          .getByRole('listitem');
        expect(await cards.count(), list.path).toBe(list.orders.length);
        for (const order of list.orders) {
          const card = cardOf(page, list.label, order.number);
          const what = `${order.number} on ${list.path}`;
          await expectInWindow(card, what);
          expect(await overflowOf(card), what).toBeLessThanOrEqual(0);
          await expectInWindow(card.getByText(order.number, { exact: true }), what);
          const customer = card.getByText(order.customer, { exact: true });
          expect(await customer.isVisible(), what).toBe(true);
          await expectInWindow(customer, what);
          for (const name of buttons[list.label]?.(order.number) ?? []) {
            const button = card.getByRole('button', { name, exact: true });
            expect(await button.isVisible(), `${name} on ${list.path}`).toBe(true);
            await expectInWindow(button, name);
          }
        }
      }
      // Why an order failed is read on its card: a phone has no pointer to hover the tag with.
      const [, failed] = seededOrders.finished;
      await openList(page, url, '/orders-completed', failed?.number ?? '');
      await cardOf(page, 'Finished roasting orders', failed?.number ?? '')
        .getByText('Roaster 1 stopped the batch')
        .waitFor();
    },
  );

  test("a card's buttons act on its order", async () => {
    const { page, url, server } = harness();
    const { productId } = await seeded(server);
    const customer = 'Deli To Delete';
    const created = await createOrder(server, {
      order_product: productId,
      order_customer: customer,
    });
    const order = { number: orderNumber(created.order_id), customer };
    await page.setViewportSize(PHONE);
    await signInAs(page, url, Role.Supervisor);
    await openList(page, url, '/orders-pending', order.number);
    const card = cardOf(page, 'Pending orders', order.number);

    await card.getByRole('button', { name: `Edit order ${order.number}`, exact: true }).click();
    await dialog(page).getByText('Update Order').waitFor();
    expect(await dialog(page).getByLabel('Customer').inputValue()).toBe(order.customer);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    await card.getByRole('button', { name: `Delete order ${order.number}`, exact: true }).click();
    await popconfirm(page).getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, orderMessages.deleted);
    await card.waitFor({ state: 'detached' });
  });

  test('the kanban stacks its columns and its cards fit the width', async () => {
    const { page, url, server } = harness();
    await seeded(server);
    const pending = (await pendingOrders(server)).data.map((order) => ({
      number: orderNumber(order.order_id),
      customer: order.order_customer,
    }));
    await page.setViewportSize(PHONE);
    await signInAs(page, url, Role.Supervisor);
    await openList(page, url, '/orders-pending', pending[0]?.number ?? '');
    await page.getByTitle('Kanban').click();
    const cards = page.locator('[data-order-card]');
    await cards.first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    const board = await boxOf(page.getByRole('group', { name: 'Orders by priority' }));
    for (const column of await page.locator('[data-priority-column]').all()) {
      const box = await boxOf(column);
      expect(box.left).toBeGreaterThanOrEqual(board.left);
      expect(box.right).toBeLessThanOrEqual(board.right);
    }
    expect(await cards.count()).toBe(pending.length);
    for (const order of pending) {
      const card = cards.filter({ has: page.getByText(order.number, { exact: true }) });
      const what = `the card of ${order.number}`;
      await expectInWindow(card, what);
      expect(await overflowOf(card.locator('.ant-card-body')), what).toBeLessThanOrEqual(0);
      expect(await card.getByText(order.customer, { exact: true }).isVisible(), what).toBe(true);
      for (const button of await card.getByRole('button').all()) {
        expect(await button.isVisible(), what).toBe(true);
        await expectInWindow(button, `${await button.getAttribute('aria-label')} on ${what}`);
      }
    }
  });
});
