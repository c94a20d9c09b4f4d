import { describe, expect, test } from 'vitest';
import { Role, transferMessages, type Transfer } from '@roastery/contract';
import { eventually, stockBin } from '@roastery/server/testing';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import {
  chooseOption,
  dialog,
  popconfirm,
  rowWith,
  searchOption,
} from '../support/form-actions.ts';
import { createBean, plantConnected } from '../support/plant-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

/** The transfer from source to target, as the API lists it. */
async function transferBetween(
  server: Console['server'],
  source: string,
  target: string,
): Promise<Transfer> {
  return eventually(
    async () =>
      (await server.as(Role.Supervisor)<Transfer[]>('GET', '/api/transfer')).body.find(
        (transfer) => transfer.source_device_id === source && transfer.target_device_id === target,
      ),
    `the transfer from ${source} to ${target}`,
  );
}

describe('silo to silo transfers', () => {
  test('a supervisor moves 50 lbs between silos holding different beans, and the books follow', async () => {
    const { page, url, server } = harness();
    const colombia = await createBean(server, 'Colombia Supremo');
    const brazil = await createBean(server, 'Brazil Santos');
    await plantConnected(server);
    await stockBin(server.services, 'GS1', colombia.id, 300);
    await stockBin(server.services, 'GS2', brazil.id, 100);
    await signInAs(page, url, Role.Supervisor);
    await rowWith(page, 'Green Silo 1').getByRole('cell', { name: '300 lbs' }).first().waitFor();

    await page.goto(url('/transfer'));
    await page.getByRole('heading', { name: 'Transfer', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create Transfer' }).click();
    const form = dialog(page);
    await chooseOption(page, form, 'Source bin', 'Green Silo 1');
    await chooseOption(page, form, 'Target bin', 'Green Silo 2');
    await form.getByText(transferMessages.differentBeans).waitFor();
    await form.getByText('Max 300 lbs', { exact: false }).waitFor();
    await form.getByLabel('Weight').fill('50');
    await form.getByRole('button', { name: 'Create Transfer' }).click();
    await waitForToast(page, 'created: 50 lbs from Green Silo 1 to Green Silo 2');
    await form.waitFor({ state: 'detached' });

    const { id } = await transferBetween(server, 'GS1', 'GS2');
    const pending = rowWith(page, String(id));
    await pending.getByText('Pending', { exact: true }).waitFor();
    await pending.getByRole('button', { name: `Acknowledge transfer ${id}` }).click();
    await waitForToast(page, `Transfer ${id} acknowledged`);

    const done = await eventually(
      async () => {
        const found = await transferBetween(server, 'GS1', 'GS2');
        return found.status === 'completed' ? found : undefined;
      },
      'the transfer to complete',
      30_000,
    );
    expect(done.moved_amount).toBe(50);
    await page.getByRole('tab', { name: 'Completed' }).click();
    const completed = rowWith(page, String(id));
    await completed.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await completed.getByRole('cell', { name: '50 lbs', exact: true }).count()).toBe(2);

    await page.goto(url('/'));
    await rowWith(page, 'Green Silo 1').getByRole('cell', { name: '250 lbs' }).first().waitFor();
    const target = rowWith(page, 'Green Silo 2');
    await target.getByRole('cell', { name: '150 lbs' }).first().waitFor();
    await target.getByText('Colombia Supremo').waitFor();
  });

  test('the create form asks for the bins, the weight, and the bean of a re-entry bin', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/transfer');
    await page.getByRole('button', { name: 'Create Transfer' }).click();
    const form = dialog(page);
    await form.getByRole('button', { name: 'Create Transfer' }).click();
    await form.getByText(transferMessages.source).waitFor();
    await form.getByText(transferMessages.target).waitFor();
    await form.getByText(transferMessages.weight).waitFor();

    await searchOption(page, form, 'Source bin', 'Re-entry', 'Re-entry Bin');
    await form.getByRole('button', { name: 'Create Transfer' }).click();
    await form.getByText(transferMessages.bean).waitFor();

    // Re-entry bins only give beans back, and a transfer stays on the source's conveyor.
    await form.getByLabel('Target bin', { exact: true }).click();
    const targets = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await targets.locator('.ant-select-item-option[title="WRB Bin 1"]').waitFor();
    expect(await targets.locator('.ant-select-item-option[title="Re-entry Bin"]').count()).toBe(0);
    expect(await targets.locator('.ant-select-item-option[title="Green Silo 1"]').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  test('a weight above what can move is refused with the rule, never cut to fit', async () => {
    const { page, url, server } = harness();
    const kenya = await createBean(server, 'Kenya AA');
    await stockBin(server.services, 'GS5', kenya.id, 120);
    await signInAs(page, url, Role.Supervisor, '/transfer');
    await page.getByRole('button', { name: 'Create Transfer' }).click();
    const form = dialog(page);
    await chooseOption(page, form, 'Source bin', 'Green Silo 5');
    await chooseOption(page, form, 'Target bin', 'Green Silo 6');
    const weight = form.getByLabel('Weight');
    await weight.fill('99999');
    await form.getByRole('button', { name: 'Create Transfer' }).click();
    await form
      .getByText('You can transfer at most 120 lbs: Green Silo 5 holds 120 lbs; Green Silo 6', {
        exact: false,
      })
      .waitFor();
    // What was typed stays as typed: the field did not clamp it to the limit.
    expect(Number((await weight.inputValue()).replaceAll(',', ''))).toBe(99_999);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    const asked = await server.as(Role.Supervisor)<Transfer[]>('GET', '/api/transfer');
    expect(asked.body.filter((transfer) => transfer.source_device_id === 'GS5')).toEqual([]);
  });

  test('mixing segregated beans needs the recorded override; a pending transfer can be deleted', async () => {
    const { page, url, server } = harness();
    const organic = await createBean(server, 'Peru Organic', 'organic');
    const honduras = await createBean(server, 'Honduras SHG');
    await stockBin(server.services, 'GS3', organic.id, 100);
    await stockBin(server.services, 'GS4', honduras.id, 100);
    await signInAs(page, url, Role.Supervisor, '/transfer');

    await page.getByRole('button', { name: 'Create Transfer' }).click();
    const form = dialog(page);
    await chooseOption(page, form, 'Source bin', 'Green Silo 3');
    await chooseOption(page, form, 'Target bin', 'Green Silo 4');
    await form.getByLabel('Weight').fill('10');
    await form.getByRole('button', { name: 'Create Transfer' }).click();
    await form.getByText('would mix unflagged and organic beans', { exact: false }).waitFor();
    await form.getByLabel('Mix segregated beans anyway (recorded)').check();
    await form.getByRole('button', { name: 'Create Transfer' }).click();
    await waitForToast(page, 'created: 10 lbs from Green Silo 3 to Green Silo 4');

    const { id, segregation_override } = await transferBetween(server, 'GS3', 'GS4');
    expect(segregation_override).toBe(true);
    const row = rowWith(page, String(id));
    await row.getByRole('button', { name: `Delete transfer ${id}` }).click();
    await popconfirm(page).getByText('Are you sure you want to delete this transfer?').waitFor();
    await popconfirm(page).getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, `Transfer ${id} deleted`);
    await row.waitFor({ state: 'detached' });
  });
});
