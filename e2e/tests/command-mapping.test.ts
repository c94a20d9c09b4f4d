import { describe, test } from 'vitest';
import { Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { rowWith } from '../support/form-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

describe('command mapping', () => {
  test("manage a device type's binary commands: at least one is required, then saved", async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator, '/admin/command');
    await rowWith(page, 'Burner On').waitFor();

    await page.getByRole('tab', { name: 'Device Type & Commands' }).click();
    await page.waitForURL(url('/admin/command?t=1'));
    await page.getByRole('button', { name: 'Manage binary commands of Roaster' }).click();
    await page.getByRole('heading', { name: 'Binary Commands · Roaster' }).waitFor();

    for (const label of ['App Commands', 'PLC Commands']) {
      const select = page.locator('.ant-form-item', { hasText: label }).locator('.ant-select');
      await select.locator('.ant-select-selection-item').first().waitFor();
      await select.hover();
      await select.locator('.ant-select-clear').click();
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please select at least one app or plc command').waitFor();

    await page.getByRole('button', { name: 'Reset' }).click();
    await page
      .getByText('Please select at least one app or plc command')
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Command Executed Successfully');
  });
});
