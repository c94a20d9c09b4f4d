import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { eventually } from '@roastery/server/testing';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

describe('the System Monitor', () => {
  test('stops the PLC gateway with an alarm and starts it again', async () => {
    const { page, url, server } = harness();
    const runtime = server.services.runtime;
    await eventually(() => runtime.connected(), 'the PLC connection');
    await signInAs(page, url, Role.Administrator, '/admin/settings');
    await page.getByRole('button', { name: 'System Monitor' }).click();
    await page.waitForURL(url('/admin/health'));
    for (const name of [
      'API',
      'Database',
      'PLC gateway',
      'Workflow engine',
      'Plant simulator',
      'Live stream',
    ]) {
      await page.getByRole('link', { name: `${name}: Running` }).waitFor();
    }

    await page.getByRole('link', { name: 'PLC gateway: Running' }).click();
    await page.waitForURL(url('/admin/health/plc-gateway'));
    await page.getByText('Instance name').waitFor();
    await page.getByRole('button', { name: 'STOP INSTANCE' }).click();
    await page.getByText('Stop PLC gateway?').waitFor();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await waitForToast(page, 'PLC gateway stopped');
    const status = page.locator('.ant-descriptions-item', { hasText: 'Status' });
    await status.getByText('Not Running', { exact: true }).waitFor();
    expect(runtime.gatewayRunning()).toBe(false);
    // The alarm reaches the screen through the live stream, as any plant alarm does.
    await page
      .locator('.ant-notification-notice', {
        hasText: 'stopped by Administrator from the System Monitor',
      })
      .waitFor();
    await page.getByRole('cell', { name: 'Stop requested by Administrator' }).waitFor();

    await page.getByRole('button', { name: 'START INSTANCE' }).click();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await waitForToast(page, 'PLC gateway started');
    await status.getByText('Running', { exact: true }).waitFor();
    await eventually(() => runtime.connected(), 'the PLC connection again');
    await page.getByRole('cell', { name: 'PLC link connected' }).first().waitFor();

    await page.goto(url('/admin/health/api'));
    await page
      .getByText('The API serves this page: stop or restart the server process itself.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'STOP INSTANCE' }).count()).toBe(0);
  });
});
