import { describe, expect, test } from 'vitest';
import {
  DemoBinary as B,
  DemoInput as I,
  OrderStatus,
  Role,
  createProductBody,
  createStepBody,
  type RunningWorkflowState,
} from '@roastery/contract';
import { orderBatches, orders } from '@roastery/db';
import { eq, inArray } from 'drizzle-orm';
import { eventually } from '@roastery/server/testing';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';
import { rowWith } from '../support/form-actions.ts';
import { createBean, plantConnected } from '../support/plant-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

type Server = Console['server'];

const padded = (id: number) => String(id).padStart(6, '0');

async function deviceRef(server: Server, code: string): Promise<number> {
  return (await server.services.devices.summary(code)).d_id;
}

async function createProduct(server: Server, name: string, beanName: string): Promise<number> {
  const bean = await createBean(server, beanName);
  const product = await server.services.products.create(
    createProductBody.parse({
      product: { product_name: name, batch_weight: 250 },
      product_recipes: [{ bean_id: bean.id, ratio: 100 }],
    }),
  );
  return product.product_id;
}

/**
 * A roasting workflow drawn GS1 -> R1 -> WRB1 (or with no diagram) whose one step turns R1's
 * drum on, then waits until GS1 holds more than it ever will: its run waits on GS1.
 */
async function roastingWorkflow(server: Server, name: string, drawn: boolean): Promise<number> {
  const created = await server.services.workflows.create(name, 'roasting');
  if (drawn) {
    const node = (id: string, label: string, y: number) => ({
      id,
      type: 'default' as const,
      data: {
        label,
        class: 'lg' as const,
        targetCount: 1,
        sourceCount: 1,
        targetPosition: 'top' as const,
        sourcePosition: 'bottom' as const,
      },
      position: { x: 0, y },
    });
    await server.services.workflows.saveDiagram(
      created.id,
      [
        node('GS1', 'Green Silo 1', 0),
        node('R1', 'Roaster 1', 160),
        node('WRB1', 'WRB Bin 1', 320),
      ],
      [
        { id: 'GS1:s-1->R1:t-1', source: 'GS1', target: 'R1' },
        { id: 'R1:s-1->WRB1:t-1', source: 'R1', target: 'WRB1' },
      ],
      undefined,
    );
  }
  await server.services.workflows.createStep(
    createStepBody.parse({
      workflow_id: created.id,
      device_id: 'R1',
      type: 'binary',
      command_id: B.Drum,
      command_value: 1,
      wait_device: [
        {
          device_id: 'GS1',
          type: 'input',
          command_id: I.Occupancy,
          condition: '>=',
          command_value: 99_999,
        },
      ],
    }),
  );
  return created.id;
}

/** A roasting order of three batches being processed, its first batch in the given run. */
async function processingOrder(
  server: Server,
  productId: number,
  workflowId: number,
  runId: string | null,
  customer: string,
): Promise<number> {
  const [r1, wrb1] = [await deviceRef(server, 'R1'), await deviceRef(server, 'WRB1')];
  const [order] = await server.database.db
    .insert(orders)
    .values({
      kind: 'roasting',
      customer,
      productId,
      qtyCenti: 75_000,
      batchCenti: 25_000,
      workflowId,
      roasterDevice: r1,
      destinationDevice: wrb1,
      status: OrderStatus.Processing,
      orderDate: new Date(),
      startedAt: new Date(),
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  await server.database.db.insert(orderBatches).values(
    [1, 2, 3].map((seq) => ({
      orderId,
      seq,
      plannedCenti: 25_000,
      workflowId,
      roasterDevice: r1,
      destinationDevice: wrb1,
      status: seq === 1 ? ('running' as const) : ('pending' as const),
      runId: seq === 1 ? runId : null,
    })),
  );
  return orderId;
}

/** Ends every order under way, so a test starts from a quiet plant whatever ran before it. */
async function finishOrdersUnderWay(server: Server): Promise<void> {
  await server.database.db
    .update(orders)
    .set({ status: OrderStatus.Finished, finishedAt: new Date() })
    .where(inArray(orders.status, [OrderStatus.Processing, OrderStatus.Paused]));
}

/** Starts the workflow and waits until its run waits on GS1; returns the run id. */
async function startWaitingRun(server: Server, workflowId: number): Promise<string> {
  const started = await server.as(Role.Supervisor)<RunningWorkflowState>(
    'POST',
    '/api/workflow/start',
    { work_flow_id: workflowId },
  );
  if (started.status !== 200) throw new Error(`Starting the workflow answered ${started.status}`);
  const runId = started.body.run_id!;
  await eventually(
    () => server.services.engine.waiting().some((w) => w.run_id === runId),
    'the run to wait on GS1',
  );
  return runId;
}

describe('the plant dashboard', () => {
  test('tiles, waiting devices, system info and the order flow of an order under way', async () => {
    const { page, url, server } = harness();
    await plantConnected(server);
    await finishOrdersUnderWay(server);
    const productId = await createProduct(server, 'House Espresso', 'Brazil Santos');
    const workflowId = await roastingWorkflow(server, 'Roast on R1', true);
    const runId = await startWaitingRun(server, workflowId);
    const orderId = await processingOrder(server, productId, workflowId, runId, 'Blue Door Cafe');
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
      const row = rowWith(page, 'GS1 Occupancy >= 99999');
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells.slice(0, 6)).toEqual([
        'Green Silo 1',
        'GS1 Occupancy >= 99999',
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
      await order.getByText('Step 1 (R1 Drum): waiting until GS1 Occupancy >= 99999.').waitFor();
      expect(await order.getByText('Remaining batches').count()).toBe(1);
      await info.getByRole('tab', { name: 'Roaster' }).click();
      const roaster = rowWith(page, 'Roaster 1');
      await roaster.getByText('Active').waitFor();
      expect(await roaster.getByRole('cell').allTextContents()).toEqual(
        expect.arrayContaining(['Roaster 1', padded(orderId), '1']),
      );
      await rowWith(page, 'Roaster 2').getByText('Inactive').waitFor();
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
    const workflowId = await roastingWorkflow(server, 'Undrawn roast', false);
    const orderId = await processingOrder(server, productId, workflowId, null, '');
    try {
      await page.reload();
      await flowCard.getByText(`${padded(orderId)} Decaf Colombia`).waitFor();
      await flowCard.getByText('No system flow found. Please add a workflow.').waitFor();
    } finally {
      await server.database.db
        .update(orders)
        .set({ status: OrderStatus.Finished })
        .where(eq(orders.id, orderId));
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
    const workflowId = await roastingWorkflow(server, 'Recipe roast', false);
    await processingOrder(server, espresso, workflowId, null, 'Corner Bakery');
    await processingOrder(server, filter, workflowId, null, 'Hill Hotel');
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
