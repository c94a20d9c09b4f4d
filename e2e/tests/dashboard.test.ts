import { describe, expect, test } from 'vitest';
import { OrderStatus, Role } from '@roastery/contract';
import {
  UNREACHABLE_WAIT,
  createProduct,
  finishOrdersUnderWay,
  insertOrder,
  startWaitingRun,
  waitingWorkflow,
} from '@roastery/server/testing/dashboard';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';
import { rowWith } from '../support/form-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

const padded = (id: number) => String(id).padStart(6, '0');

describe('the plant dashboard', () => {
  test('tiles, waiting devices, system info and the order flow of an order under way', async () => {
    const { page, url, server } = harness();
    await plantConnected(server);
    await finishOrdersUnderWay(server);
    const productId = await createProduct(server, 'House Espresso', 'Brazil Santos');
    const workflowId = await waitingWorkflow(server, 'Roast on R1');
    const runId = await startWaitingRun(server, workflowId);
    const orderId = await insertOrder(server, {
      productId,
      workflowId,
      status: OrderStatus.Processing,
      runId,
      customer: 'Blue Door Cafe',
    });
    try {
      await signInAs(page, url, Role.Supervisor);

      // Stage tiles: Roasting is active (its roaster is driven), the others are not.
      await page.getByRole('link', { name: 'Roasting stage, Active' }).waitFor();
      for (const stage of ['Green', 'Roasted', 'Packing']) {
        await page.getByRole('link', { name: `${stage} stage, Inactive` }).waitFor();
      }

      // The order's flow: GS1 waited on, R1 running, WRB1 idle; beans move out of R1.
      const flow = page.getByRole('figure', { name: `Flow of order ${padded(orderId)}` });
      await flow.waitFor();
      await flow.getByTestId('flow-node-R1').and(page.locator('[data-state="running"]')).waitFor();
      expect(await flow.getByTestId('flow-node-GS1').getAttribute('data-state')).toBe('waiting');
      expect(await flow.getByTestId('flow-node-WRB1').getAttribute('data-state')).toBe('idle');
      await flow.getByTestId('flow-node-R1').getByText('Running').waitFor();
      expect(await flow.locator('.react-flow__edge.animated').count()).toBe(1);
      await page.getByText(`${padded(orderId)} House Espresso (Blue Door Cafe)`).waitFor();
      await page.getByText('Batch 1 of 3').waitFor();

      // The Order view keeps the chosen order in the query, through a reload.
      await page.getByText('Order', { exact: true }).click();
      await page.waitForURL(url(`/?s_order=${orderId}`));
      await page.reload();
      await page.getByRole('figure', { name: `Flow of order ${padded(orderId)}` }).waitFor();
      await page.getByRole('combobox', { name: 'Order' }).waitFor();
      await page.getByText('System', { exact: true }).click();
      await page.waitForURL(url('/'));

      // Waiting Devices: the tile counts them, its drawer names the condition and the order.
      expect(await page.getByTestId('waiting-devices-count').textContent()).toBe('1');
      await page.getByRole('button', { name: /Waiting Devices/ }).click();
      const waiting = page.getByRole('dialog', { name: 'Waiting Devices' });
      const row = rowWith(page, UNREACHABLE_WAIT);
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells.slice(0, 6)).toEqual([
        'Green Silo 1',
        UNREACHABLE_WAIT,
        String(server.services.runtime.reading('GS1', 'occupancy') ?? 'unknown'),
        'Roast on R1',
        '1',
        padded(orderId),
      ]);
      expect(cells[6]).toMatch(/^\d+ (s|min \d\d s)$/);
      await waiting.getByRole('button', { name: 'Close' }).click();
      await waiting.waitFor({ state: 'hidden' });

      // System Info: the order with its batch timeline, and the roaster running it.
      await page.getByRole('button', { name: /System Info/ }).click();
      const info = page.getByRole('dialog', { name: 'System Info' });
      const order = info.getByRole('region', { name: `Order ${padded(orderId)}` });
      await order.getByText('Processing').waitFor();
      await order.getByText(`Step 1 (R1 Drum): waiting until ${UNREACHABLE_WAIT}.`).waitFor();
      // The batch under way still remains: 3 of 3, not 2.
      await order.getByText('3 of 3 remaining, batch 1 roasting', { exact: true }).waitFor();
      await info.getByRole('tab', { name: 'Roaster' }).click();
      // Each roaster's card: its phase in words, its bean temperature and the batch it roasts.
      const roaster = info.getByRole('group', { name: 'Roaster 1', exact: true });
      await roaster.getByText('Active', { exact: true }).waitFor();
      await roaster.getByText('Idle', { exact: true }).waitFor();
      await roaster.getByText(`Batch 1 of 3, order ${padded(orderId)}`, { exact: true }).waitFor();
      // The probe's reading drifts as the empty drum cools, and the card is refreshed with the
      // dashboard: it shows a reading within what the PLC gave while the test looked.
      const seen = { low: Infinity, high: -Infinity };
      const sampler = setInterval(() => {
        const probe = server.services.runtime.reading('R1', 'bean-temperature');
        if (probe === null) return;
        seen.low = Math.min(seen.low, probe);
        seen.high = Math.max(seen.high, probe);
      }, 20);
      try {
        const temperature = roaster.getByText(/^-?\d+(\.\d)? °F$/);
        await expect
          .poll(
            async () => {
              const shown = Number.parseFloat((await temperature.textContent()) ?? '');
              return shown >= seen.low - 0.1 && shown <= seen.high + 0.1;
            },
            // Until the dashboard's next refresh (every 10 s) has shown a reading taken since.
            { timeout: 25_000 },
          )
          .toBe(true);
      } finally {
        clearInterval(sampler);
      }
      // Its probe's trend, from the card.
      await roaster.getByRole('button', { name: 'Trend of Bean Temperature' }).click();
      const trend = page.getByRole('dialog', { name: 'R1 Bean Temperature: last hour' });
      await trend.waitFor();
      await trend.getByRole('button', { name: 'Close' }).first().click();
      await trend.waitFor({ state: 'detached' });
      const idle = info.getByRole('group', { name: 'Roaster 2', exact: true });
      await idle.getByText('Inactive', { exact: true }).waitFor();
      await idle.getByText('No batch', { exact: true }).waitFor();
      await info.getByRole('button', { name: 'Close' }).click();

      // The Roasting tile leads to the devices' Roasting tab.
      await page.getByRole('link', { name: 'Roasting stage, Active' }).click();
      await page.waitForURL(url('/device?t=1'));
    } finally {
      await server.as(Role.Supervisor)('POST', `/api/workflow/${workflowId}/stop`, {});
      await finishOrdersUnderWay(server);
    }
  });

  test('the silos table, and the empty states of the order flow', async () => {
    const { page, url, server } = harness();
    await plantConnected(server);
    await finishOrdersUnderWay(server);
    await signInAs(page, url, Role.Supervisor);

    await page.getByRole('region', { name: 'Silo Bins Occupancy' }).waitFor();
    for (const n of [1, 2, 3, 4, 5, 6]) await rowWith(page, `Green Silo ${n}`).waitFor();
    expect(await rowWith(page, 'Green Silo 1').getByRole('cell').allTextContents()).toEqual([
      'GS1',
      'Green Silo 1',
      '0 lbs',
      'Empty',
      '0%',
    ]);
    expect(await rowWith(page, 'vbin').count()).toBe(0);
    expect(await rowWith(page, 'vibin').count()).toBe(0);
    await page.getByRole('img', { name: 'Fill of each silo and bin' }).waitFor();

    const flowCard = page.locator('.ant-card').filter({ hasText: 'Order Flow' });
    await flowCard.getByText('No Data', { exact: true }).waitFor();

    // An order whose workflow has no diagram has no flow to draw.
    const productId = await createProduct(server, 'Decaf Colombia', 'Colombia Decaf');
    const workflowId = await waitingWorkflow(server, 'Undrawn roast', false);
    const orderId = await insertOrder(server, {
      productId,
      workflowId,
      status: OrderStatus.Processing,
    });
    try {
      await page.reload();
      await flowCard.getByText(`${padded(orderId)} Decaf Colombia`).waitFor();
      await flowCard.getByText('No system flow found. Please add a workflow.').waitFor();
    } finally {
      await finishOrdersUnderWay(server);
    }
  });

  test('an order that starts shows at once, on its live event, before any poll', async () => {
    const { page, url, server } = harness();
    await plantConnected(server);
    await finishOrdersUnderWay(server);
    const productId = await createProduct(server, 'Sumatra Dark', 'Sumatra Lintong');
    const workflowId = await waitingWorkflow(server, 'Live roast on R1');
    await page.clock.install();
    await signInAs(page, url, Role.Supervisor);
    const flowCard = page.locator('.ant-card').filter({ hasText: 'Order Flow' });
    await flowCard.getByText('No Data', { exact: true }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    // From here the page's time moves only when the test moves it, by 2 s at most: the
    // dashboard's 10 s poll cannot be what shows the order.
    await page.clock.pauseAt(new Date(Date.now() + 500));
    try {
      const orderId = await insertOrder(server, {
        productId,
        workflowId,
        status: OrderStatus.Processing,
      });
      const flow = page.getByRole('figure', { name: `Flow of order ${padded(orderId)}` });
      for (let step = 0; step < 20 && !(await flow.isVisible()); step += 1) {
        await page.clock.runFor(100);
        // Gives the refetch the event asked for its round trip, in real time.
        await flow.waitFor({ timeout: 500 }).catch(() => undefined);
      }
      await flow.waitFor({ timeout: 1_000 });
    } finally {
      // The clock belongs to the browser profile that the next tests' pages share.
      await page.clock.resume();
      await finishOrdersUnderWay(server);
    }
  });

  test('a dashboard that cannot load shows the empty-state graphic and a retry', async () => {
    const { page, url } = harness();
    await page.route('**/api/dashboard/v2', (route) => route.abort('connectionfailed'));
    await signInAs(page, url, Role.Supervisor);
    await page.getByText('No Data', { exact: true }).waitFor();
    await page.locator('.ant-empty-image').first().waitFor();
    await page.unroute('**/api/dashboard/v2');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('region', { name: 'Silo Bins Occupancy' }).waitFor();
  });
});

describe('the active recipe in the header', () => {
  test('rotates every 10 s across the orders being roasted, with the recipe on click', async () => {
    const { page, url, server } = harness();
    await plantConnected(server);
    await finishOrdersUnderWay(server);
    const espresso = await createProduct(server, 'Morning Espresso', 'Sumatra Mandheling');
    const filter = await createProduct(server, 'Filter Roast', 'Ethiopia Yirgacheffe');
    const workflowId = await waitingWorkflow(server, 'Recipe roast', false);
    for (const productId of [espresso, filter]) {
      await insertOrder(server, { productId, workflowId, status: OrderStatus.Processing });
    }
    try {
      await page.clock.install();
      await signInAs(page, url, Role.Supervisor);
      const recipe = page.getByTestId('active-recipe');
      await recipe.getByText(/Morning Espresso|Filter Roast/).waitFor();
      const first = await recipe.textContent();
      const second = first === 'Morning Espresso' ? 'Filter Roast' : 'Morning Espresso';
      await page.getByText('1/2', { exact: true }).waitFor();

      await page.clock.runFor(10_000);
      await recipe.getByText(second, { exact: true }).waitFor();
      await page.getByText('2/2', { exact: true }).waitFor();
      await page.clock.runFor(10_000);
      await recipe.getByText(first!, { exact: true }).waitFor();

      await page.getByRole('button', { name: `Active recipe ${first}` }).click();
      const popover = page.locator('.ant-popover').filter({ hasText: `Active Recipe: ${first}` });
      await popover.waitFor();
      await popover
        .getByText(first === 'Morning Espresso' ? 'Sumatra Mandheling' : 'Ethiopia Yirgacheffe')
        .waitFor();
      await popover.getByText('100%').waitFor();
      await popover.getByText('1 of 3 started').waitFor();
    } finally {
      await finishOrdersUnderWay(server);
    }
  });
});
