import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import {
  chooseOption,
  dialog,
  popconfirm,
  rowWith,
  searchOption,
} from '../support/form-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

describe('device status', () => {
  test('validation messages, create one shown as ON, delete with the confirmation', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator, '/admin/device-status');
    await page.getByRole('heading', { name: 'Device Status' }).waitFor();

    await page.getByRole('button', { name: 'Add Device Status' }).click();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    for (const text of [
      'Please input status id!',
      'Please input status name!',
      'Please pick a color!',
      'Please select status priority!',
      'Please select command type!',
      'Please select a command',
      'Please select command value!',
    ]) {
      await dialog(page).getByText(text, { exact: true }).waitFor();
    }
    await chooseOption(page, dialog(page), 'Command Type', 'Input (register)');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).getByText('Please input command value!', { exact: true }).waitFor();

    await dialog(page).getByLabel('Status ID').fill('7');
    await dialog(page).getByLabel('Status Name').fill('Burner lit');
    await dialog(page).locator('.ant-color-picker-trigger').click();
    await page.locator('.ant-color-picker-presets-color').first().click();
    await dialog(page).getByText('Please pick a color!').waitFor({ state: 'detached' });
    await chooseOption(page, dialog(page), 'Status Priority', 'High');
    await chooseOption(page, dialog(page), 'Command Type', 'Binary (coil)');
    await searchOption(page, dialog(page), 'Command', 'Burner On', 'Burner On (14)');
    await chooseOption(page, dialog(page), 'Command Value', 'ON');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await waitForToast(page, 'Device Status Created');

    const row = rowWith(page, 'Burner lit');
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['7', 'Burner lit', '#3f8f4f', 'ON', 'high']),
    );

    await row.getByRole('button', { name: 'Delete Burner lit' }).click();
    await popconfirm(page)
      .getByText(
        'All related information of this device will be deleted and cannot be recovered. Are you sure to continue?',
      )
      .waitFor();
    await popconfirm(page).getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Device Status Deleted');
    await row.waitFor({ state: 'detached' });
  });
});
