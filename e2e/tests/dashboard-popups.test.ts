import { describe, expect, test } from 'vitest';
import {
  Role,
  type Dump,
  type DumpError,
  type SiloPrompt,
  type Transfer,
} from '@roastery/contract';
import { eventually, stockBin } from '@roastery/server/testing';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, rowWith } from '../support/form-actions.ts';
import { createBean, plantConnected, plantModel } from '../support/plant-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

/** Asks for a dump into a silo as an operator would; the request waits at the station. */
async function requestDump(
  server: Console['server'],
  beanId: number,
  silo: string,
  amount: number,
): Promise<Dump> {
  const reply = await server.as(Role.Operator)<Dump>('POST', '/api/dump/create', {
    amount,
    bean_id: beanId,
    device_id: silo,
  });
  if (reply.status !== 201) throw new Error(`Requesting a dump answered ${reply.status}`);
  return reply.body;
}

/**
 * Starts a transfer from a silo that physically holds less than its book says and waits until
 * its conveyor runs dry there; returns the transfer's id.
 */
async function stallTransfer(
  server: Console['server'],
  source: string,
  target: string,
  weight: number,
  levelLbs: number,
): Promise<number> {
  plantModel(server).setValue(source, 'Occupancy', levelLbs);
  const supervisor = server.as(Role.Supervisor);
  const created = await supervisor<Transfer>('POST', '/api/transfer', {
    sourceBinId: source,
    targetBinId: target,
    targetWeight: weight,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  expect((await supervisor('GET', `/api/transfer/acknowledge/${id}`)).status).toBe(200);
  await eventually(
    async () =>
      (await supervisor<SiloPrompt[]>('GET', '/api/dashboard/popup/single-silo')).body.some(
        (prompt) => prompt.transfer_id === id,
      ),
    'the source to run empty',
    30_000,
  );
  return id;
}

describe('dashboard', () => {
  test('the Silo Bins Occupancy table lists the silos, for supervisors and at the dump station', async () => {
    const { page, url, server } = harness();
    const kenya = await createBean(server, 'Kenya AA');
    await plantConnected(server);
    await stockBin(server.services, 'GS6', kenya.id, 1_000);

    await signInAs(page, url, Role.Supervisor);
    for (const n of [1, 2, 3, 4, 5, 6]) await rowWith(page, `Green Silo ${n}`).waitFor();
    const silo = rowWith(page, 'Green Silo 6');
    await silo.getByRole('cell', { name: 'Kenya AA' }).waitFor();
    expect(await silo.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['GS6', 'Green Silo 6', '1,000 lbs', 'Kenya AA']),
    );
    await silo.getByRole('progressbar', { name: 'Green Silo 6 fill' }).waitFor();
    expect(await rowWith(page, 'vbin').count()).toBe(0);
    expect(await rowWith(page, 'vibin').count()).toBe(0);

    await page.context().clearCookies();
    await signInAs(page, url, Role.Operator);
    await page.getByRole('heading', { name: 'Dump Requests' }).waitFor();
    await page.getByText('Silo Bins Occupancy', { exact: true }).waitFor();
    const station = rowWith(page, 'Green Silo 6');
    await station.getByRole('cell', { name: 'Kenya AA' }).waitFor();
    // The station shows the book weight and the PLC's level side by side.
    expect(await station.getByRole('cell', { name: '1,000 lbs' }).count()).toBe(2);
  });

  test('a transfer whose source runs empty asks what to do; Bag off ends it with what moved', async () => {
    const { page, url, server } = harness();
    const guatemala = await createBean(server, 'Guatemala Antigua');
    await plantConnected(server);
    await stockBin(server.services, 'GS5', guatemala.id, 600);
    // The conveyor runs dry after 30 lbs.
    const id = await stallTransfer(server, 'GS5', 'GS4', 120, 30);

    await signInAs(page, url, Role.Supervisor);
    const prompt = dialog(page);
    await prompt.getByText('Silo ran empty').waitFor();
    await prompt
      .getByText(`Green Silo 5 ran empty during transfer ${id}`, { exact: false })
      .waitFor();
    await prompt.getByText('30 lbs of 120 lbs moved, 90 lbs remaining', { exact: false }).waitFor();
    await prompt.getByText('End the transfer with what has moved.').waitFor();
    await prompt.getByRole('button', { name: 'Bag off' }).click();
    await waitForToast(page, `Transfer ${id} ended with 30 lbs moved`);
    await prompt.waitFor({ state: 'detached' });

    await page.goto(url('/transfer'));
    await page.getByRole('tab', { name: 'Completed' }).click();
    const row = rowWith(page, String(id));
    await row.getByText('Completed', { exact: true }).waitFor();
    await row.getByRole('cell', { name: '30 lbs', exact: true }).waitFor();
    await row.getByText('Bagged off', { exact: false }).waitFor();
  });

  test('a dump whose workflow was stopped asks what to do; Bag off books what reached the silo', async () => {
    const { page, url, server } = harness();
    const sumatra = await createBean(server, 'Sumatra Mandheling');
    await plantConnected(server);
    const requested = await requestDump(server, sumatra.id, 'GS2', 400);
    const model = plantModel(server);
    model.setDumpScaleWeight('DS1', 400);
    const acknowledged = await server.as(Role.Operator)<Dump>(
      'POST',
      `/api/dump/request/${requested.id}`,
    );
    expect(acknowledged.status).toBe(200);
    const workflowId = acknowledged.body.workflow_id;
    if (workflowId === null) throw new Error('The dump started no workflow');
    await eventually(() => model.getValue('GS2', 'Occupancy') >= 50, 'beans to reach the silo');
    const stopped = await server.as(Role.Administrator)(
      'POST',
      `/api/workflow/${workflowId}/stop`,
      {},
    );
    expect(stopped.status).toBe(200);
    // The bags left on the scale stay there: nothing more reaches the silo.
    model.setDumpScaleWeight('DS1', 0);
    const supervisor = server.as(Role.Supervisor);
    await eventually(
      async () =>
        (await supervisor<DumpError[]>('GET', '/api/dashboard/dump_popup/error')).body.some(
          (dump) => dump.id === requested.id,
        ),
      'the dump to fail',
      30_000,
    );

    await signInAs(page, url, Role.Supervisor);
    const prompt = dialog(page);
    await prompt.getByText('Dump did not finish').waitFor();
    await prompt
      .getByText(`Dump ${requested.lot_number} of Sumatra Mandheling into Green Silo 2`, {
        exact: false,
      })
      .waitFor();
    await prompt.getByText('400 lbs requested', { exact: false }).waitFor();
    await prompt.getByText('Runs the dumping workflow again.').waitFor();
    await prompt.getByRole('button', { name: 'Bag off' }).click();
    await waitForToast(page, `Dump ${requested.lot_number} booked and ended`);
    await prompt.waitFor({ state: 'detached' });

    const settled = (await supervisor<Dump[]>('GET', '/api/dump?status=all')).body.find(
      (dump) => dump.id === requested.id,
    );
    expect(settled?.status).toBe('completed');
    // The silo was empty when the dump started, so its level is what went in.
    expect(settled?.amount).toBe(model.getValue('GS2', 'Occupancy'));
  });

  test('a dump request waiting a minute offers a reminder; Later puts it off', async () => {
    const { page, url, server } = harness();
    const ethiopia = await createBean(server, 'Ethiopia Yirgacheffe');
    const first = await requestDump(server, ethiopia.id, 'GS1', 100);
    const second = await requestDump(server, ethiopia.id, 'GS1', 50);

    await page.clock.install();
    const waitingLoaded = page.waitForResponse(
      (response) => response.url().endsWith('/api/dashboard/dump_popup') && response.ok(),
    );
    await signInAs(page, url, Role.Supervisor);
    await waitingLoaded;
    const prompt = dialog(page);
    expect(await prompt.count()).toBe(0);
    // The reminder shows 60 s after this tab first sees the request.
    for (let attempt = 0; attempt < 3 && (await prompt.count()) === 0; attempt += 1) {
      await page.clock.fastForward('01:01');
      await prompt.waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
    // Both requests are due; whichever shows first is put off, and the other one follows.
    await prompt.getByText('Dump request waiting').waitFor();
    const firstShown = (await prompt.getByText(`Dump ${first.lot_number}:`).count()) > 0;
    const [putOff, reminded] = firstShown ? [first, second] : [second, first];
    await prompt.getByRole('button', { name: 'Later' }).click();

    await prompt.getByText(`Dump ${reminded.lot_number}:`, { exact: false }).waitFor();
    expect(await prompt.getByText(`Dump ${putOff.lot_number}:`).count()).toBe(0);
    await prompt.getByRole('button', { name: 'Remind operators' }).click();
    await waitForToast(page, `Operators reminded of dump ${reminded.lot_number}`);
    await prompt.waitFor({ state: 'detached' });
  });

  test('a transfer whose source runs empty carries on from a substitute silo holding the same bean', async () => {
    const { page, url, server } = harness();
    const honduras = await createBean(server, 'Honduras Marcala');
    await plantConnected(server);
    await stockBin(server.services, 'GS3', honduras.id, 600);
    await stockBin(server.services, 'GS1', honduras.id, 400);
    const id = await stallTransfer(server, 'GS3', 'GS6', 100, 25);

    await signInAs(page, url, Role.Supervisor);
    const prompt = dialog(page);
    await prompt
      .getByText(`Green Silo 3 ran empty during transfer ${id}`, { exact: false })
      .waitFor();
    await prompt.getByText('Move the rest from the silo chosen below.').waitFor();
    await prompt.getByRole('button', { name: 'Continue from substitute' }).click();
    await prompt.getByText('Please select a substitute silo bin').waitFor();
    await chooseOption(page, prompt, 'Substitute silo bin', 'Green Silo 1');
    await prompt.getByRole('button', { name: 'Continue from substitute' }).click();
    await waitForToast(page, `Transfer ${id} carries on from Green Silo 1`);
    await prompt.waitFor({ state: 'detached' });

    await page.goto(url('/transfer'));
    await page.getByRole('tab', { name: 'Completed' }).click();
    const first = rowWith(page, String(id));
    await first.getByRole('cell', { name: '25 lbs', exact: true }).waitFor();
    await first.getByText('Continued from Green Silo 1', { exact: false }).waitFor();
    const rest = rowWith(page, String(id + 1));
    // Asked for and moved: both 75 lbs.
    await rest.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await rest.getByRole('cell', { name: '75 lbs', exact: true }).count()).toBe(2);
  });
});
