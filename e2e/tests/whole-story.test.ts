import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  OrderStatus,
  Role,
  type OrderForm,
  type PackingForm,
  type PackingOrder,
  type Product,
  type RoastingOrder,
} from '@roastery/contract';
import { eventually, USER_PASSWORD } from '@roastery/server/testing';
import { lockstepPlant } from '@roastery/server/testing/lockstep';
import { releaseLots } from '@roastery/server/testing/quality';
import { signInThroughForm } from '../support/console-actions.ts';
import { dialog } from '../support/form-actions.ts';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import { orderNumber, startOrderInList } from '../support/order-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';
import {
  DESKTOP,
  PHONE,
  expectNoSidewaysScroll,
  expectReadable,
  tableOverflow,
} from '../support/readable.ts';

// A console on its first start: the demo plant, its beans, products and opening stock.
const harness = useConsoleHarness({}, { plant: true, demoStock: true });

type Server = Console['server'];

/** An order as the lists name it: its number and who it is for. */
interface Named {
  number: string;
  customer: string;
}

/** One 500 lb batch of House Blend heats to 400 °F on Roaster 1; slower on a loaded machine. */
const ROAST_MS = 240_000;
const PACK_MS = 120_000;
const STORY_MS = 600_000;

async function call<T>(server: Server, method: 'GET' | 'POST', path: string, body?: object) {
  const reply = await server.as(Role.Supervisor)<T>(method, path, body);
  if (reply.status !== 200 && reply.status !== 201) {
    throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return reply.body;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

/** The row or card of a list that holds the order's number. */
const entryOf = (page: Page, number: string): Locator =>
  page
    .locator('tr, li')
    .filter({ has: page.getByText(number, { exact: true }) })
    .last();

/**
 * What a supervisor reads on a list of orders at the page's width: each order's number and
 * customer in view, on top of whatever else its row holds, and a page that does not scroll
 * sideways.
 */
async function expectOrdersRead(page: Page, screen: string, orders: Named[]): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  for (const order of orders) {
    const entry = entryOf(page, order.number);
    await expectReadable(`${screen} at ${width} px`, [
      entry.getByText(order.number, { exact: true }),
      entry.getByText(order.customer, { exact: true }),
    ]);
  }
  await expectNoSidewaysScroll(page, `${screen} at ${width} px`);
}

/** The same screen read on the office's screen, then on a phone; it is left at desktop width. */
async function atBothWidths(page: Page, check: () => Promise<void>): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await check();
  expect(await tableOverflow(page), `${page.url()}: a table scrolls sideways`).toBe(0);
  await page.setViewportSize(PHONE);
  await check();
  await page.setViewportSize(DESKTOP);
}

/** An order as a list of completed orders gives it: how it ended, and what it packed. */
interface Ended {
  order_id: number;
  status: number;
  packed_qty?: number;
}

/** Waits for the order to reach the list at path (a completed one) and returns it. */
function completed(server: Server, path: string, orderId: number, timeout: number) {
  return eventually(
    async () =>
      (await call<{ data: Ended[] }>(server, 'GET', path)).data.find((o) => o.order_id === orderId),
    `order ${orderNumber(orderId)} in ${path}`,
    timeout,
  );
}

describe('a supervisor’s first shift, on the desk and on the phone', () => {
  test(
    'a House Blend order is roasted into a bin, packed from it, traced and reported, readable at 1440 and 390 px',
    async ({ onTestFinished }) => {
      const { page, url, server } = harness();
      await plantConnected(server);
      // The roast heats to 400 °F over minutes of the plant's time: the plant moves a second at
      // a time, as soon as the console has seen the last one.
      const stopStepping = lockstepPlant(server.services, 1000);
      onTestFinished(stopStepping);

      const products = await call<Product[]>(server, 'GET', '/api/product');
      const productId = (name: string) => {
        const found = products.find((p) => p.product_name === name);
        if (!found) throw new Error(`The demo has no ${name}`);
        return found.product_id;
      };
      const form = await call<OrderForm>(server, 'GET', '/api/orders/form');
      const onRoaster1 = form.rules.find((r) => r.roast_device === 'R1');
      if (!onRoaster1) throw new Error('The demo plant cannot roast on Roaster 1');
      const plan = (product: string, customer: string) =>
        call<RoastingOrder>(server, 'POST', '/api/orders', {
          order_product: productId(product),
          order_qty: 500,
          rule_id: onRoaster1.rule_id,
          roasted_rule_id: 'WRB1',
          order_customer: customer,
          fulfillment_date: tomorrow(),
        });
      const roast = await plan('House Blend', 'Story Cafe');
      // A second order waits in the list beside it, for a customer with a long name.
      const waiting = await plan('Espresso Blend', 'Corner Grocer & Sons Wholesale');
      const roastNamed = { number: orderNumber(roast.order_id), customer: 'Story Cafe' };
      const pending = [
        roastNamed,
        { number: orderNumber(waiting.order_id), customer: 'Corner Grocer & Sons Wholesale' },
      ];

      await signInThroughForm(page, url, Role.Supervisor);
      await page.goto(url('/orders-pending'));
      await atBothWidths(page, () => expectOrdersRead(page, 'Pending', pending));

      // Roasted into WRB Bin 1: started from its row, run to the end.
      await startOrderInList(page, roastNamed.number);
      await page.waitForURL(new RegExp(`/admin/test/flow/${onRoaster1.rule_id}$`));
      const roasted = await completed(
        server,
        '/api/orders/finished?page=1&limit=50',
        roast.order_id,
        ROAST_MS,
      );
      expect(roasted.status).toBe(OrderStatus.Finished);
      await page.goto(url('/orders-roasting'));
      await page.getByRole('tab', { name: 'Roasting Completed' }).click();
      await atBothWidths(page, () => expectOrdersRead(page, 'Roasting Completed', [roastNamed]));

      // Packed from that bin, started on the phone, once quality has released what the bin holds
      // (packing draws released lots only; the quality journey has its own test).
      await releaseLots(server.as(Role.Supervisor), USER_PASSWORD);
      const packingForm = await call<PackingForm>(server, 'GET', '/api/orders/packing/form');
      const packer1 = packingForm.rules.find((r) => r.name === 'Pack WRB Bin 1 on Packer 1');
      if (!packer1) throw new Error('The demo plant cannot pack WRB Bin 1 on Packer 1');
      const pack = await call<PackingOrder>(server, 'POST', '/api/orders/packing/create', {
        product_id: productId('House Blend'),
        order_qty: 100,
        fulfillment_date: tomorrow(),
        workflow_id: packer1.workflow_id,
        order_customer: 'Blue Door Cafe',
      });
      const packNamed = { number: orderNumber(pack.order_id), customer: 'Blue Door Cafe' };
      await page.goto(url('/orders-packing'));
      await atBothWidths(page, () => expectOrdersRead(page, 'Packing', [packNamed]));
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: `Start packing order ${packNamed.number}` }).click();
      await dialog(page).getByRole('button', { name: 'Start Packing' }).click();
      await page.waitForURL(new RegExp(`/admin/test/flow/${packer1.workflow_id}$`));
      await page.setViewportSize(DESKTOP);
      const packed = await completed(
        server,
        '/api/orders/packing/finished?page=1&limit=50',
        pack.order_id,
        PACK_MS,
      );
      expect(packed.status).toBe(OrderStatus.Finished);
      // The bin's discharge closes a second of the plant after the quantity has left.
      expect(packed.packed_qty).toBeGreaterThanOrEqual(100);
      await page.goto(url('/orders-packing'));
      await page.getByRole('tab', { name: 'Packing Completed' }).click();
      await atBothWidths(page, () => expectOrdersRead(page, 'Packing Completed', [packNamed]));

      // Traced: the roasted lot went into both orders; the packed order holds that lot.
      const lot = `RST-${roastNamed.number}-1`;
      await page.goto(url(`/trace?lot=${lot}`));
      const wentInto = page.locator('.ant-descriptions', { hasText: 'Went into' });
      // The batch names the demo's House Blend profile version it ran, and leads to it.
      const profile = 'House Blend on Roaster 1';
      const ranVersion = wentInto.getByRole('link', { name: `${profile} · v1`, exact: true });
      await atBothWidths(page, async () => {
        await expectReadable(`trace of ${lot}`, [
          wentInto.getByRole('link', { name: roastNamed.number, exact: true }),
          wentInto.getByRole('link', { name: packNamed.number, exact: true }),
          ranVersion,
        ]);
        await expectNoSidewaysScroll(page, page.url());
      });
      await ranVersion.click();
      await page.waitForURL(/\/roast-profiles\/\d+$/);
      await page.getByRole('heading', { name: profile, exact: true }).waitFor();
      await page.goto(url(`/trace?order=${pack.order_id}`));
      await atBothWidths(page, async () => {
        await expectReadable(`trace of order ${packNamed.number}`, [
          page.getByText(packNamed.number, { exact: true }).first(),
          page.getByRole('link', { name: lot, exact: true }).first(),
        ]);
        await expectNoSidewaysScroll(page, page.url());
      });

      // The reports: the packed order for whom, the roast by batch, each row saying what it is.
      await page.goto(url('/reports?t=packing-report'));
      await atBothWidths(page, () => expectOrdersRead(page, 'Packing Report', [packNamed]));
      await page.goto(url('/reports?t=shrinkage-weight'));
      await atBothWidths(page, async () => {
        const batch = entryOf(page, lot);
        await expectReadable('Shrinkage per batch', [
          batch.getByText(roastNamed.number, { exact: true }),
          batch.getByText(lot, { exact: true }),
        ]);
        await expectNoSidewaysScroll(page, page.url());
      });
      await page.goto(url('/reports?t=production'));
      await atBothWidths(page, async () => {
        const row = page
          .locator('tr, li')
          .filter({ has: page.getByText('House Blend', { exact: true }) })
          .last();
        await expectReadable('Production', [
          row.getByText('House Blend', { exact: true }),
          row.getByText('Roaster 1', { exact: true }),
        ]);
        await expectNoSidewaysScroll(page, page.url());
      });
    },
    STORY_MS,
  );
});
