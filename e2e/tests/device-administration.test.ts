import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import type { Page } from 'playwright-core';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForNotification, waitForToast } from '../support/console-actions.ts';
import { chooseOption, popconfirm, rowWith, searchOption } from '../support/form-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

async function openDevices(page: Page, url: (path: string) => string) {
  await signInAs(page, url, Role.Administrator, '/admin/devices');
  await rowWith(page, 'GS1').waitFor();
}

describe('device administration', () => {
  test('UPDATE DEVICE: capacity for a silo, a nameplate for a roaster, validation, toast, new name in the list', async () => {
    const { page, url } = harness();
    await openDevices(page, url);
    expect(await rowWith(page, 'GS1').getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['GS1', 'Silo Bin', 'Green', 'Live']),
    );

    await page.getByRole('button', { name: 'Edit R1' }).click();
    await page.getByRole('heading', { name: 'UPDATE DEVICE' }).waitFor();
    await page.getByLabel('Device Name').waitFor();
    expect(await page.getByLabel('Device Capacity').count()).toBe(0);
    // A roaster's nameplate for OEE: its ideal rate is its batch capacity over its ideal cycle.
    expect(await page.getByLabel('Batch Capacity').inputValue()).toBe('500');
    const cycle = page.getByLabel('Ideal Cycle');
    expect(await cycle.inputValue()).toBe('18');
    await page.getByText('Ideal rate for OEE: 1,667 lbs/h.').waitFor();
    await cycle.fill('0');
    await page.getByRole('button', { name: 'Update Device' }).click();
    await page.getByText('Ideal Cycle must be at least 0.1 minutes').waitFor();
    await cycle.fill('20');
    await page.getByText('Ideal rate for OEE: 1,500 lbs/h.').waitFor();
    await page.getByRole('button', { name: 'Update Device' }).click();
    await waitForToast(page, 'Device R1 updated');

    await page.goto(url('/admin/device/GS1'));
    const name = page.getByLabel('Device Name');
    await name.waitFor();
    expect(await page.getByLabel('Device Id').inputValue()).toBe('GS1');
    expect(await page.getByLabel('Device Id').getAttribute('readonly')).not.toBeNull();
    const capacity = page.getByLabel('Device Capacity');
    expect(await capacity.inputValue()).toBe('20000');
    expect(await page.getByLabel('Batch Capacity').count()).toBe(0);

    await name.fill('');
    await capacity.fill('');
    await page.getByRole('button', { name: 'Update Device' }).click();
    await page.getByText('Please input the Device Name').waitFor();
    await page.getByText('Please input the Device Capacity').waitFor();

    await name.fill('Green Silo One');
    await capacity.fill('25000');
    await page.getByRole('button', { name: 'Update Device' }).click();
    await waitForToast(page, 'Device GS1 updated');

    // The PLC tags of the device sit below, editable by an administrator.
    await page.getByText('PLC tags', { exact: true }).waitFor();
    await page.getByLabel('Address').first().waitFor();
    await page.getByRole('button', { name: 'Save PLC Tags' }).waitFor();

    await page.getByRole('link', { name: 'Back to devices' }).click();
    await rowWith(page, 'Green Silo One').waitFor();
    expect(await rowWith(page, 'GS1').getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Green Silo One', '25,000 lbs']),
    );
  });

  test('a supervisor sees the PLC tags read-only', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/admin/device/R1');
    await page.getByText('Read-only: administrators only').waitFor();
    await page.getByLabel('Address').first().waitFor();
    expect(await page.getByLabel('Address').first().isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save PLC Tags' }).count()).toBe(0);
  });

  test('add a device, refuse a taken Device Id, delete with the confirmation', async () => {
    const { page, url } = harness();
    await openDevices(page, url);
    await page.getByRole('button', { name: 'Add Device' }).click();
    await page.getByRole('heading', { name: 'Add Device' }).waitFor();

    await page.getByLabel('Device Id').fill('GS1');
    await page.getByLabel('Device Name').fill('Green Silo 7');
    await searchOption(page, page, 'Device Type', 'Silo', 'Silo Bin');
    await page.getByLabel('Device Description').fill('Spare green bean silo');
    await page.getByLabel('Device Capacity').fill('15000');
    await chooseOption(page, page, 'Device Stage', 'Green');
    await page.getByRole('button', { name: 'Add Feature' }).click();
    await page.getByLabel('Feature 1 label').fill('Bean');
    await page.getByLabel('Feature 1 value').fill('Colombia Supremo');
    await page.getByRole('button', { name: 'Add Device' }).last().click();
    const refused = await waitForNotification(page, 'A device with Device Id GS1 already exists');
    expect(refused.title).toBe('Error');

    await page.getByLabel('Device Id').fill('GS7');
    await page.getByRole('button', { name: 'Add Device' }).last().click();
    await waitForToast(page, 'Device GS7 created');
    await page.waitForURL(url('/admin/devices'));
    const row = rowWith(page, 'GS7');
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Green Silo 7', 'Silo Bin', '15,000 lbs']),
    );

    await row.getByRole('button', { name: 'Delete GS7' }).click();
    await popconfirm(page)
      .getByText(
        'All related information of this device will be deleted and cannot be recovered. Are you sure to continue?',
      )
      .waitFor();
    await popconfirm(page).getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Device GS7 deleted');
    await row.waitFor({ state: 'detached' });
  });
});
