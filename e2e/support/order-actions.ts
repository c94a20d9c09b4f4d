import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import {
  Role,
  type CreateRoastingOrderBody,
  type OrderForm,
  type OrderListReply,
  type OrderPriority,
  type Product,
  type RoastingOrder,
} from '@roastery/contract';
import type { Console } from './harness.ts';
import { popconfirm, rowWith } from './form-actions.ts';
import { createBean } from './plant-actions.ts';

type Server = Console['server'];

/** A product of one or more new beans, through the API; ratios in percent. */
export async function createProduct(
  server: Server,
  name: string,
  beans: { name: string; ratio: number }[],
  batch: { batch_weight: number; min_batch_weight: number; max_batch_weight: number },
): Promise<Product> {
  const recipes = [];
  for (const bean of beans) {
    recipes.push({ bean_id: (await createBean(server, bean.name)).id, ratio: bean.ratio });
  }
  const reply = await server.as(Role.Supervisor)<Product>('POST', '/api/product', {
    product: { product_name: name, product_description: '', ...batch },
    product_recipes: recipes,
  });
  if (reply.status !== 201) throw new Error(`Creating ${name} answered ${reply.status}`);
  return reply.body;
}

/** A product of one new bean ('<name> bean'), roasted in batches of 100 lb (50 to 500). */
export function createSingleOrigin(server: Server, name: string): Promise<Product> {
  return createProduct(server, name, [{ name: `${name} bean`, ratio: 100 }], {
    batch_weight: 100,
    min_batch_weight: 50,
    max_batch_weight: 500,
  });
}

/** What the order form offers: products, roasting rules, destinations and form settings. */
export async function orderForm(server: Server): Promise<OrderForm> {
  const reply = await server.as(Role.Supervisor)<OrderForm>('GET', '/api/orders/form');
  if (reply.status !== 200) throw new Error(`The order form answered ${reply.status}`);
  return reply.body;
}

/** A roasting order through the API, on the form's first rule and destination. */
export async function createOrder(
  server: Server,
  fields: Partial<CreateRoastingOrderBody> & { order_product: number },
): Promise<RoastingOrder> {
  const form = await orderForm(server);
  const rule = form.rules[0];
  if (!rule) throw new Error('The plant has no roasting rule');
  const reply = await server.as(Role.Supervisor)<RoastingOrder>('POST', '/api/orders', {
    order_qty: 1000,
    rule_id: rule.rule_id,
    roasted_rule_id: form.roasted_rules[0]?.device_id ?? null,
    fulfillment_date: new Date().toISOString(),
    ...fields,
  });
  if (reply.status !== 201 && reply.status !== 200) {
    throw new Error(`Creating an order answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return reply.body;
}

/** The pending list as the API gives it (first page of 200). */
export async function pendingOrders(server: Server): Promise<OrderListReply> {
  return (await server.as(Role.Supervisor)<OrderListReply>('GET', '/api/orders?page=1&limit=200'))
    .body;
}

/** Order numbers as the screens show them. */
export const orderNumber = (id: number): string => String(id).padStart(6, '0');

/** The kanban card of an order. */
/** Starts a pending order from its row in the list, answering the start confirmation. */
export async function startOrderInList(page: Page, number: string): Promise<void> {
  await rowWith(page, number)
    .getByRole('button', { name: `Start order ${number}`, exact: true })
    .click();
  await popconfirm(page)
    .filter({ hasText: `Start order ${number}?` })
    .getByRole('button', { name: 'Start', exact: true })
    .click();
}

export const orderCard = (page: Page, id: number): Locator =>
  page.locator(`[data-order-card="${id}"]`);

/** The kanban column of a priority. */
export const priorityColumn = (page: Page, priority: OrderPriority): Locator =>
  page.locator(`[data-priority-column="${priority}"]`);

/**
 * Drags an order's card by its handle into a priority column, as a mouse would: press, move a
 * little to start the drag, glide across at the same height (the columns are equally tall),
 * release.
 */
export async function dragCard(page: Page, id: number, priority: OrderPriority): Promise<void> {
  const handle = page.getByRole('button', { name: `Move order ${orderNumber(id)}` });
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await priorityColumn(page, priority).boundingBox();
  if (!from || !to) throw new Error('The card or the column is not on screen');
  const y = from.y + from.height / 2;
  await page.mouse.move(from.x + from.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, y + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, y, { steps: 20 });
  await page.mouse.up();
}

/** Clicks what starts a download and returns its suggested file name and its text. */
export async function downloadOf(
  page: Page,
  trigger: () => Promise<void>,
): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  return {
    name: download.suggestedFilename(),
    text: await readFile(await download.path(), 'utf8'),
  };
}
