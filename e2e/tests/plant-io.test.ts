import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { Role, type ActiveNotifications, type DeviceDetail } from '@roastery/contract';
import { eventually } from '@roastery/server/testing';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForNotification } from '../support/console-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

const MODE_WAIT = 'Please wait for the PLC to confirm the mode switching';

async function openDevice(page: Page, url: (path: string) => string, name: string) {
  await page.goto(url('/device'));
  await page.getByRole('button', { name: `Open ${name}` }).click();
  return page.getByRole('dialog');
}

/** Switches a device's mode through the API, as another console would, and waits for the PLC. */
async function setModeFromElsewhere(manual: boolean, code: string) {
  const admin = harness().server.as(Role.Administrator);
  const detail = async () =>
    (await admin<DeviceDetail>('GET', `/api/device/detail?id=${code}`)).body;
  if ((await detail()).requestedManual !== manual) await admin('PUT', `/api/device/mode/${code}`);
  await eventually(
    async () => {
      const now = await detail();
      return now.manual === manual && now.isSwitched;
    },
    `${code} in ${manual ? 'Manual' : 'Auto'} mode`,
  );
}

describe('plant I/O', () => {
  test('the live indicator shows Live after sign-in', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator);
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
  });

  test('a silo switched to Manual, then its Inlet Gate opened and confirmed by the PLC', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor);
    const drawer = await openDevice(page, url, 'Green Silo 1');

    await drawer.getByRole('button', { name: 'Switch to Manual' }).click();
    await drawer.getByText(MODE_WAIT).waitFor();
    await drawer.getByText('Switching to Manual mode').waitFor();
    await drawer.getByText(MODE_WAIT).waitFor({ state: 'detached' });
    await drawer.getByText('Mode: Manual').waitFor();
    await drawer.getByRole('button', { name: 'Switch to Auto' }).waitFor();

    await drawer.getByRole('tab', { name: 'Manual Commands' }).click();
    const gate = drawer.getByRole('switch', { name: 'Inlet Gate' });
    expect(await gate.isEnabled()).toBe(true);
    await gate.click();
    await drawer.getByRole('listitem', { name: 'Inlet Gate' }).getByText('Switching').waitFor();

    await drawer.getByRole('tab', { name: 'PLC Commands' }).click();
    await drawer
      .getByRole('listitem', { name: 'Inlet Gate Opened' })
      .getByText('On', { exact: true })
      .waitFor();
    await setModeFromElsewhere(false, 'GS1');
  });

  test('a manual command sent while the device is in Auto gets the server refusal', async () => {
    const { page, url } = harness();
    await setModeFromElsewhere(true, 'GS2');
    // Without the live stream the console learns of the switch to Auto only at its next poll,
    // which leaves the operator a window to send a manual command from an out-of-date screen.
    await page.route('**/api/live', (route) => route.abort());
    await signInAs(page, url, Role.Supervisor);
    await page.getByRole('status', { name: /Live updates: (Reconnecting|Offline)/ }).waitFor();
    const drawer = await openDevice(page, url, 'Green Silo 2');
    await drawer.getByRole('tab', { name: 'Manual Commands' }).click();
    const gate = drawer.getByRole('switch', { name: 'Inlet Gate' });
    await drawer.getByText('Mode: Manual').waitFor();

    await page.waitForResponse((response) => response.url().includes('/api/device/detail'));
    await setModeFromElsewhere(false, 'GS2');
    await gate.click();

    const refusal = await waitForNotification(page, 'is in Auto mode');
    expect(refusal).toEqual({
      title: 'Error',
      description:
        'Green Silo 2 is in Auto mode: switch it to Manual mode to send manual commands.',
    });
    await drawer.getByText('Mode: Auto').waitFor();
    expect(await gate.isDisabled()).toBe(true);
  });

  test('an alarm on R1 reaches the bell and the notifications page, and is acknowledged', async () => {
    const { page, url, server } = harness();
    const admin = server.as(Role.Administrator);
    const activeCount = async () =>
      (await admin<ActiveNotifications>('GET', '/api/notification/active')).body.count;
    const before = await activeCount();
    await signInAs(page, url, Role.Administrator);
    await page.getByRole('button', { name: `Notifications: ${before} unacknowledged` }).waitFor();

    server.services.simulator.setAlarm('R1', 1);
    await page
      .getByRole('button', { name: `Notifications: ${before + 1} unacknowledged` })
      .waitFor();

    await page.goto(url('/notification'));
    const row = page.getByRole('row').filter({ hasText: 'Burner flame failure' });
    await row.getByText('Alarm', { exact: true }).waitFor();
    await row.getByText('R1').waitFor();
    await row.getByRole('button', { name: /^Acknowledge: .*Burner flame failure$/ }).click();
    await page.getByRole('button', { name: `Notifications: ${before} unacknowledged` }).waitFor();
    expect(await activeCount()).toBe(before);
    server.services.simulator.setAlarm('R1', 0);
  });
});
