import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  Role,
  SettingRef,
  dumpMessages,
  greenLotMessages,
  type Bean,
  type Dump,
} from '@roastery/contract';
import { eventually } from '@roastery/server/testing';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import { fullNameOf, logOut, signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, popconfirm, rowWith } from '../support/form-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

async function createBean(server: Console['server'], name: string): Promise<Bean> {
  const reply = await server.as(Role.Administrator)<Bean>('POST', '/api/bean', {
    bean: { bean_name: name },
  });
  if (reply.status !== 201) throw new Error(`Creating ${name} answered ${reply.status}`);
  return reply.body;
}

async function setDumpMode(server: Console['server'], value: 'auto' | 'manual') {
  const reply = await server.as(Role.Administrator)('POST', '/api/admin/settings', {
    ref_id: SettingRef.DumpMode,
    value,
  });
  if (reply.status !== 200) throw new Error(`Setting the dump mode answered ${reply.status}`);
}

/** The card of a dump request on the operator's screen. */
const dumpCard = (page: Page, lot: string) => page.getByRole('article', { name: `Dump ${lot}` });

describe('dumps', () => {
  test('an operator dumps 150 lbs into Green Silo 1, and a supervisor sees the silo hold it', async () => {
    const { page, url, server } = harness();
    await createBean(server, 'Colombia Supremo');
    await eventually(() => server.services.runtime.connected(), 'the PLC connection');
    await signInAs(page, url, Role.Operator);

    await page.getByRole('button', { name: 'Create Dump' }).click();
    await page.getByText(dumpMessages.amount).waitFor();
    await page.getByText(dumpMessages.bean).waitFor();
    const lot = await page.getByLabel('Lot number').inputValue();
    expect(lot).toMatch(/^DMP-\d{14}$/);
    await page.getByLabel('Amount').fill('150');
    await chooseOption(page, page, 'Bean', 'Colombia Supremo');
    await page.getByRole('button', { name: 'Create Dump' }).click();
    await waitForToast(page, `Dump ${lot} requested: 150 lbs into Green Silo 1`);

    const card = dumpCard(page, lot);
    await card.getByText('Pending').waitFor();
    // The operator tips the bags onto the station's scale before acknowledging.
    const simulator = server.services.runtime.simulator.running;
    if (!simulator) throw new Error('The plant simulator is not running');
    simulator.model.setDumpScaleWeight('DS1', 150);
    await card.getByRole('button', { name: 'Acknowledge' }).click();
    await card.getByText('Processing').waitFor();

    // At the station the operator watches the silo fill: its PLC level climbs while the bags
    // drain, and the book weight follows once the dump is booked.
    const silos = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Level' }) });
    const silo = silos
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Green Silo 1', exact: true }) });
    const levels: number[] = [];
    await eventually(
      async () => {
        const level = await silo.getByRole('cell').nth(3).textContent();
        levels.push(Number((level ?? '').replace(/[^0-9.]/g, '')));
        return levels.at(-1) === 150;
      },
      'the level to reach 150 lbs',
      30_000,
    );
    expect(levels.some((lbs) => lbs > 0 && lbs < 150)).toBe(true);

    const row = rowWith(page, lot);
    await row.getByText('Acknowledged').waitFor({ timeout: 30_000 });
    expect(await row.getByRole('cell', { name: '150 lbs' }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: 'Green Silo 1' }).count()).toBe(1);
    await card.waitFor({ state: 'detached' });
    await silo.getByRole('cell', { name: '150 lbs' }).nth(1).waitFor();

    await logOut(page, fullNameOf(Role.Operator));
    await signInAs(page, url, Role.Supervisor, '/device');
    await page.getByRole('button', { name: 'Open Green Silo 1' }).getByText('150 lbs').waitFor();
  });

  test("an operator gives a dump its lot's moisture and density, and the lot's trace shows them", async () => {
    const { page, url, server } = harness();
    await createBean(server, 'Burundi Kayanza');
    await eventually(() => server.services.runtime.connected(), 'the PLC connection');
    await signInAs(page, url, Role.Operator);

    const lot = await page.getByLabel('Lot number').inputValue();
    await page.getByLabel('Amount').fill('60');
    await chooseOption(page, page, 'Bean', 'Burundi Kayanza');
    // Out of range: the field says the rule, and nothing is sent.
    await page.getByLabel('Moisture').fill('17');
    await page.getByLabel('Density').fill('720');
    await page.getByRole('button', { name: 'Create Dump' }).click();
    await page.getByText(greenLotMessages.moisture).waitFor();
    await page.getByLabel('Moisture').fill('12.5');
    await page.getByText(greenLotMessages.moisture).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create Dump' }).click();
    await waitForToast(page, `Dump ${lot} requested: 60 lbs into`);
    await dumpCard(page, lot).getByText('12.5 % · 720 g/L').waitFor();

    await logOut(page, fullNameOf(Role.Operator));
    await signInAs(page, url, Role.Supervisor, `/trace?lot=${lot}`);
    await page.getByText('12.5 % · 720 g/L').waitFor();
  });

  test('a pending dump is deleted after its confirmation', async () => {
    const { page, url, server } = harness();
    const bean = await createBean(server, 'Kenya AA');
    const created = await server.as(Role.Operator)<Dump>('POST', '/api/dump/create', {
      amount: 80,
      bean_id: bean.id,
    });
    expect(created.status).toBe(201);
    await signInAs(page, url, Role.Operator);

    const card = dumpCard(page, created.body.lot_number);
    await card.getByRole('button', { name: 'Delete' }).click();
    await popconfirm(page).getByText('Are you sure want to delete this dump request?').waitFor();
    await popconfirm(page).getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, `Dump request ${created.body.lot_number} deleted`);
    await card.waitFor({ state: 'detached' });
  });

  test('manual dump mode from the settings screen asks the operator for the device, and refuses a roaster', async () => {
    const { page, url, server } = harness();
    await createBean(server, 'Sumatra Mandheling');
    try {
      await signInAs(page, url, Role.Administrator, '/admin/settings');
      await page.getByRole('tab', { name: 'Dump' }).click();
      await chooseOption(page, page, 'Dump target', 'Manual: the operator picks the device');
      await waitForToast(page, 'Dump target saved');
      await logOut(page, fullNameOf(Role.Administrator));

      await signInAs(page, url, Role.Operator);
      await page.getByLabel('Amount').fill('100');
      await chooseOption(page, page, 'Bean', 'Sumatra Mandheling');
      await page.getByRole('button', { name: 'Create Dump' }).click();
      await page.getByText(dumpMessages.type).waitFor();

      await chooseOption(page, page, 'Device type', 'Silo Bin');
      await page.getByLabel('Device', { exact: true }).click();
      const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      await options.locator('.ant-select-item-option[title="Green Silo 1"]').waitFor();
      await page.keyboard.press('Escape');

      await chooseOption(page, page, 'Device type', 'Roaster');
      await page.getByText(dumpMessages.roaster).waitFor();
      expect(await page.getByRole('button', { name: 'Create Dump' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Go to roasters' }).waitFor();
    } finally {
      await setDumpMode(server, 'auto');
    }
  });
});
