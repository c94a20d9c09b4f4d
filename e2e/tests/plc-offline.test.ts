import { describe, expect, test } from 'vitest';
import { Role, type DeviceDetail } from '@roastery/contract';
import { eventually } from '@roastery/server/testing';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForNotification } from '../support/console-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

describe('a lost PLC', () => {
  test('shows the mode and the values as unknown, refuses a command naming the PLC, and shows the mode again once it is back', async () => {
    const { page, url, server } = harness();
    const admin = server.as(Role.Administrator);
    const runtime = server.services.runtime;
    await eventually(() => runtime.connected(), 'the PLC connection');
    await admin('PUT', '/api/device/mode/GS1');
    await eventually(async () => {
      const { body } = await admin<DeviceDetail>('GET', '/api/device/detail?id=GS1');
      return body.manual === true && body.isSwitched;
    }, 'GS1 in Manual mode');

    // A live stream writes the loss into the screen at once; without one the screen learns of it
    // at its next poll, which leaves the operator a window to click on an out-of-date screen.
    await page.route('**/api/live', (route) => route.abort());
    await signInAs(page, url, Role.Supervisor);
    await page.getByRole('status', { name: /Live updates: (Reconnecting|Offline)/ }).waitFor();
    await page.goto(url('/device'));
    await page.getByRole('button', { name: 'Open Green Silo 1' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Mode: Manual').waitFor();
    await drawer.getByRole('tab', { name: 'Manual Commands' }).click();
    const gate = drawer.getByRole('switch', { name: 'Inlet Gate' });
    expect(await gate.isEnabled()).toBe(true);

    // The screen is held as it was (its refreshes wait) while the PLC goes, as on a console whose
    // refresh has not come yet: the operator can still click, and the server must refuse.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/device/detail**', async (route) => {
      await released;
      await route.continue();
    });
    await runtime.simulator.stop();
    await eventually(() => !runtime.connected(), 'the PLC link lost');
    const answer = page.waitForResponse((response) =>
      response.url().includes('/api/command/toogle/'),
    );
    await gate.click();
    expect((await answer).status()).toBe(503);
    // The refusal is shown once the screen has refreshed after it.
    release();
    const refusal = await waitForNotification(page, 'is not connected');
    expect(refusal).toEqual({
      title: 'Error',
      description: `The PLC at ${runtime.endpoint()} is not connected: Green Silo 1's mode and values are unknown.`,
    });
    await page.unroute('**/api/device/detail**');

    await drawer.getByText('Mode: Unknown').waitFor();
    expect(await drawer.getByText('Mode: Manual').count()).toBe(0);
    expect(await drawer.getByText('Mode: Auto').count()).toBe(0);
    const inlet = drawer.getByRole('listitem', { name: 'Inlet Gate' });
    await inlet.getByText('Unknown', { exact: true }).waitFor();
    expect(await gate.count()).toBe(0);
    await drawer.getByRole('tab', { name: 'PLC Commands' }).click();
    await drawer
      .getByRole('listitem', { name: 'Inlet Gate Opened' })
      .getByText('Unknown', { exact: true })
      .waitFor();
    await page
      .getByRole('button', { name: 'Open Green Silo 1' })
      .getByText('Unknown', { exact: true })
      .waitFor();

    // The simulator comes back from its initial state: the silo in Auto.
    await runtime.simulator.start();
    await drawer.getByText('Mode: Auto').waitFor();
    await drawer
      .getByRole('listitem', { name: 'Inlet Gate Opened' })
      .getByText('Off', { exact: true })
      .waitFor();
    await admin('PUT', '/api/device/mode/GS1');
    await eventually(async () => {
      const { body } = await admin<DeviceDetail>('GET', '/api/device/detail?id=GS1');
      return body.requestedManual === false && body.isSwitched;
    }, 'GS1 asked back to Auto');
  });
});
