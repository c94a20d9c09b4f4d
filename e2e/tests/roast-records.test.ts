import { describe, expect, test } from 'vitest';
import { Role, orderNumber, type RoastRecordList } from '@roastery/contract';
import { eventually, stockBin } from '@roastery/server/testing';
import { lockstepPlant } from '@roastery/server/testing/lockstep';
import {
  newBean,
  newOrder,
  newProduct,
  quickRoastWorkflow,
  testRoastProfileBody,
} from '@roastery/server/testing/orders';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { rowWith } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';
import { plantConnected } from '../support/plant-actions.ts';

/** The roast runs until the PLC's roast timer reads this: past first crack. */
const ROAST_S = 600;

// A roast's seconds are the simulated plant's, which the lockstep moves 10 s a tick.
let plantMs = () => 0;
const harness = useConsoleHarness({}, { plant: true, roastClock: () => plantMs() });

const formatTime = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

describe('roast records', () => {
  test('the roaster screen draws the roast live; its record shows the curve, events, phases, loss and colour, takes a mark and notes, and is listed and compared', async ({
    onTestFinished,
  }) => {
    const { page, url, server } = harness();
    plantMs = () => server.services.runtime.simulator.running?.model.now ?? 0;
    await plantConnected(server);
    const supervisor = server.as(Role.Supervisor);
    const db = server.database.db;
    const workflow = await quickRoastWorkflow(db, 'R1', 'WRB1', 'Record roast on R1', ROAST_S);
    const bean = await newBean(supervisor, 'Record Sidamo');
    const product = await newProduct(
      supervisor,
      'Record Medium',
      [{ bean_id: bean, ratio: 100 }],
      100,
    );
    const profile = await supervisor(
      'POST',
      '/api/roast-profiles',
      testRoastProfileBody('Record Medium on R1', product),
    );
    expect(profile.status).toBe(201);
    await stockBin(server.services, 'GS1', bean, 150);
    await eventually(
      () => server.services.runtime.reading('GS1', 'occupancy') === 150,
      'GS1 stocked',
    );
    const order = await newOrder(db, {
      kind: 'roasting',
      productId: product,
      lbs: 100,
      batchLbs: 100,
      workflowId: workflow,
      roaster: 'R1',
      destination: 'WRB1',
    });

    // The roaster's screen is open before the charge, as at the roaster.
    await signInAs(page, url, Role.Supervisor, '/device?id=R1');
    await page.getByText(/^R1 · Roaster/).waitFor();
    expect(await page.getByText('Live roast').count()).toBe(0);
    server.services.runtime.simulator.running?.takeClock();
    const started = await supervisor('PUT', '/api/orders/start', { order_id: order });
    expect(started.status).toBe(200);
    onTestFinished(lockstepPlant(server.services));

    const live = page.locator('.ant-card').filter({ hasText: 'Live roast' });
    await live.getByText('Since charge').waitFor({ timeout: 60_000 });
    const liveChart = live.getByTestId('roast-curve-chart');
    // The events are drawn as the curve shows them, during the roast.
    await liveChart.getByText(/^Turning point \d+:\d\d/).waitFor({ timeout: 60_000 });
    expect(await live.getByText('Since charge').count()).toBe(1);
    expect(await liveChart.locator('path').count()).toBeGreaterThan(3);
    // The batch follows its profile: the screen names it, draws its reference and projects the
    // drop from it.
    await live
      .getByText('Following Record Medium on R1, version 1. Ends at drop temperature 420 °F')
      .waitFor();
    await liveChart
      .getByText(/^Reference/)
      .first()
      .waitFor();
    await live.getByText('Projected drop').waitFor();
    // Since charge, and once past the turning point, the projected drop: two times.
    await live
      .locator('dd')
      .filter({ hasText: /^\d+:\d\d$/ })
      .nth(1)
      .waitFor();

    const openRecord = live.getByRole('link', { name: 'Open the roast record' });
    await openRecord.waitFor({ timeout: 150_000 });
    // The record names its batch, profile and reference once the order's run has settled it.
    const record = await eventually(
      async () =>
        (await supervisor<RoastRecordList>('GET', `/api/roast-records/order/${order}`)).body
          .records[0],
      "the batch's record",
      60_000,
    );
    const crack = record.events.first_crack;
    if (!crack) throw new Error('The roast has no first crack');
    await openRecord.click();
    await page.getByRole('heading', { name: `Roast #${record.id}` }).waitFor();

    const chart = page.getByTestId('roast-curve-chart');
    for (const label of ['First crack', 'Drop', 'Reference', 'Burner']) {
      await chart
        .getByText(new RegExp(`^${label}`))
        .first()
        .waitFor();
    }
    const events = page.getByRole('list', { name: 'Events' });
    await events
      .getByText(`${formatTime(Math.round(crack.t_s))} · ${Math.round(crack.bt_f)} °F`)
      .waitFor();
    await page.getByText('Development', { exact: true }).waitFor();
    await page.getByText('DTR', { exact: true }).waitFor();
    const summary = page.getByRole('table').filter({ hasText: 'Green in' });
    await summary.getByText(`${record.loss_pct?.toFixed(1)} %`).waitFor();
    await summary.getByText(`${record.colour} Agtron`).waitFor();
    await summary.getByRole('link', { name: `${orderNumber(order)} · batch 1` }).waitFor();

    // The operator's mark moves first crack, and the phases follow it.
    const marked = formatTime(Math.round(crack.t_s) - 20);
    await page.getByLabel('Time after charge').fill(marked);
    await page.getByRole('button', { name: 'First crack', exact: true }).click();
    await waitForToast(page, `First crack marked at ${marked}`);
    await events.getByText('marked', { exact: true }).waitFor();
    await page.getByLabel('Notes').fill('Smoky at the drop');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await waitForToast(page, 'Notes saved');

    await page
      .locator('nav')
      .getByRole('menuitem', { name: /Roasts$/ })
      .click();
    const row = rowWith(page, 'Record Medium');
    await row.getByText(marked, { exact: true }).waitFor();
    await row.getByRole('checkbox', { name: `Compare roast ${record.id}` }).check();
    await page.getByRole('button', { name: 'Compare' }).click();
    const compare = page.getByTestId('compare-chart');
    await compare.getByText(new RegExp(`^#${record.id} R1`)).waitFor();
    await compare.getByText('Reference Record Medium on R1 v1').waitFor();
  }, 240_000);
});
