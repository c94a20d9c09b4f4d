import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { dialog, popconfirm, rowWith, searchOption } from '../support/form-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

describe('Configure Alarm Text', () => {
  test('add, edit and delete an alarm text on R1, then import the texts of R2', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator, '/admin/devices');
    await page.getByRole('button', { name: 'Configure Alarm Text of R1' }).click();
    await page.getByRole('heading', { name: 'Configure Alarm Text' }).waitFor();
    await rowWith(page, 'Burner flame failure').waitFor();

    await page.getByRole('button', { name: 'Add Alarm Text' }).click();
    await dialog(page).getByRole('button', { name: 'Add' }).click();
    await dialog(page).getByText('Please input the Alarm ID').waitFor();
    await dialog(page).getByText('Please input the Alarm Text').waitFor();
    await dialog(page).getByLabel('Alarm ID').fill('9');
    await dialog(page).getByLabel('Alarm Text').fill('Gas pressure low');
    await dialog(page).getByRole('button', { name: 'Add' }).click();
    await waitForToast(page, 'Alarm ID 9 added');
    const row = rowWith(page, 'Gas pressure low');
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('9');

    await page.getByRole('button', { name: 'Edit Alarm ID 9' }).click();
    expect(await dialog(page).getByLabel('Alarm Text').inputValue()).toBe('Gas pressure low');
    await dialog(page).getByLabel('Alarm Text').fill('Gas pressure low at the burner');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Alarm ID 9 updated');
    await rowWith(page, 'Gas pressure low at the burner').waitFor();

    await page.getByRole('button', { name: 'Delete Alarm ID 9' }).click();
    await popconfirm(page).getByText('Are you sure you want to delete this alarm text?').waitFor();
    await popconfirm(page).getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Alarm ID 9 deleted');
    await rowWith(page, 'Gas pressure low at the burner').waitFor({ state: 'detached' });

    // A text only R1 has, which the import must overwrite.
    await page.getByRole('button', { name: 'Add Alarm Text' }).click();
    await dialog(page).getByLabel('Alarm ID').fill('12');
    await dialog(page).getByLabel('Alarm Text').fill('Exhaust fan fault');
    await dialog(page).getByRole('button', { name: 'Add' }).click();
    await rowWith(page, 'Exhaust fan fault').waitFor();
    // The closing dialog keeps the focus until it is gone.
    await dialog(page).waitFor({ state: 'detached' });

    await searchOption(page, page, 'Import from device', 'R2 ·', 'R2 · Roaster 2');
    await page.getByRole('button', { name: 'Import' }).click();
    await popconfirm(page)
      .getByText('This overwrites all existing alarm texts of R1 with those of R2.', {
        exact: false,
      })
      .waitFor();
    await popconfirm(page).getByRole('button', { name: 'Import' }).click();
    await waitForToast(page, 'Imported 4 alarm text(s) from R2');
    await rowWith(page, 'Exhaust fan fault').waitFor({ state: 'detached' });
    await rowWith(page, 'Burner flame failure').waitFor();
    await rowWith(page, 'Drum motor overload').waitFor();
  });

  test('Add an Alarm Message: required text, then sent for the device', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator, '/admin/device/alarm/R1');
    await page.getByRole('button', { name: 'Send Alarm Message' }).click();
    await page.getByRole('heading', { name: 'Alarm', exact: true }).waitFor();
    await page.getByText('R1 · Roaster 1').waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Please input the Alarm Text').waitFor();
    await page.getByLabel('Message').fill('Check the gas line of roaster 1');
    await page.getByRole('button', { name: 'Send' }).click();
    await waitForToast(page, 'Alarm message sent');
  });
});
