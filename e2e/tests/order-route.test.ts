import { describe, expect, test } from 'vitest';
import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { Role } from '@roastery/contract';
import { eventually } from '@roastery/server/testing';
import { finishOrdersUnderWay } from '@roastery/server/testing/dashboard';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, rowWith } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';
import { orderNumber, pendingOrders, startOrderInList } from '../support/order-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';

// The demo plant with its opening stock: the Espresso Blend's Brazil, Ethiopia and Sumatra lie
// in Green Silos 3, 4 and 5; the roasting workflows are drawn from Green Silo 1 and 4.
const harness = useConsoleHarness({}, { plant: true, demoStock: true });

const PHONE = { width: 390, height: 844 };
const CUSTOMER = 'Harbour Roasters';
const ROUTE = 'From Green Silo 3, Green Silo 4 and Green Silo 5 on Roaster 1 into WRB Bin 2';

/** How far the page reaches past the right edge of the window, in pixels. */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const ROUTE_DEVICES = ['GS3', 'GS4', 'GS5', 'CL1', 'R1', 'WB1', 'WRB2'];

/** Whether every device of the route lies wholly inside the diagram's canvas. */
async function allInView(flow: Locator): Promise<boolean> {
  const canvas = await flow.boundingBox();
  if (!canvas) return false;
  for (const code of ROUTE_DEVICES) {
    const node = await flow.getByTestId(`flow-node-${code}`).boundingBox();
    if (
      !node ||
      node.x < canvas.x ||
      node.y < canvas.y ||
      node.x + node.width > canvas.x + canvas.width ||
      node.y + node.height > canvas.y + canvas.height
    ) {
      return false;
    }
  }
  return true;
}

/** The order's flow draws its silos, the roaster and its bin, and nothing of the workflow's. */
async function expectRouteDrawn(flow: Locator): Promise<void> {
  for (const code of ROUTE_DEVICES) await flow.getByTestId(`flow-node-${code}`).waitFor();
  // The diagram is fitted to its canvas once its devices are measured: none is cut off.
  await expect.poll(() => allInView(flow), { timeout: 30_000 }).toBe(true);
  await flow.getByTestId('flow-node-WRB2').getByText('WRB Bin 2', { exact: true }).waitFor();
  expect(await flow.getByTestId('flow-node-GS1').count()).toBe(0);
  expect(await flow.getByTestId('flow-node-WRB1').count()).toBe(0);
  // Each silo feeds the cleaner; the roaster drops into WRB Bin 2.
  for (const edge of ['GS3:s-1->CL1:t-1', 'GS4:s-1->CL1:t-1', 'GS5:s-1->CL1:t-1']) {
    await flow.getByTestId(`rf__edge-${edge}`).waitFor({ state: 'attached' });
  }
  await flow.getByTestId('rf__edge-R1:s-1->WRB2:t-1').waitFor({ state: 'attached' });
  expect(await flow.locator('.react-flow__edge').count()).toBe(6);
}

describe("an order's flow on the dashboard", () => {
  test(
    'the order form offers roasters; the dashboard draws the silos the order draws from and the bin it fills',
    { timeout: 240_000 },
    async () => {
      const { page, url, server } = harness();
      await plantConnected(server);
      await signInAs(page, url, Role.Supervisor, '/orders-pending?open=true');
      const modal = dialog(page);
      await chooseOption(page, modal, 'Product', 'Espresso Blend');
      await modal.getByLabel('Quantity (lbs)').fill('1000');
      // The Roaster field reads roasters, not the workflows' names.
      await modal.getByLabel('Roaster', { exact: true }).click();
      const roasters = page.locator(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      );
      await roasters.first().waitFor();
      expect(await roasters.allTextContents()).toEqual(['Roaster 1', 'Roaster 2']);
      await page.locator('.ant-select-item-option[title="Roaster 1"]').click();
      await chooseOption(page, modal, 'Destination', 'WRB Bin 2');
      await modal.getByLabel('Customer').fill(CUSTOMER);
      await modal.getByLabel('Fullfilment Date').fill(dayjs().add(3, 'day').format('DD/MM/YYYY'));
      await modal.getByLabel('Fullfilment Date').press('Enter');
      await waitForToast(page, 'Order created successfully');

      const order = await eventually(
        async () => (await pendingOrders(server)).data.find((o) => o.order_customer === CUSTOMER),
        'the new order',
      );
      expect(order).toMatchObject({ roast_device: 'R1', destination_device: 'WRB2' });
      const number = orderNumber(order.order_id);
      const row = rowWith(page, number);
      await row.getByRole('cell', { name: 'Roaster 1', exact: true }).waitFor();
      await row.getByRole('cell', { name: 'WRB Bin 2', exact: true }).waitFor();

      try {
        await startOrderInList(page, number);
        await waitForToast(page, `Order ${number} started`);
        await page.goto(url('/'));
        const section = page.getByRole('region', { name: `Order ${number}` });
        await section.getByText(ROUTE, { exact: true }).waitFor();
        await section.getByText('Batch 1 of 2').waitFor();
        expect(await section.getByText(/Roast Green Silo 1/).count()).toBe(0);
        await expectRouteDrawn(page.getByRole('figure', { name: `Flow of order ${number}` }));

        // On a phone: the same route, and the page does not scroll sideways.
        await page.setViewportSize(PHONE);
        await page.reload();
        await section.getByText(ROUTE, { exact: true }).waitFor();
        await expectRouteDrawn(page.getByRole('figure', { name: `Flow of order ${number}` }));
        expect(await overflow(page)).toBeLessThanOrEqual(0);
      } finally {
        await server.as(Role.Administrator)('POST', `/api/workflow/${order.rule_id}/stop`, {});
        await finishOrdersUnderWay(server);
      }
    },
  );
});
