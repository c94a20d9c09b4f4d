import { describe, expect, test } from 'vitest';
import { Role, type DeviceDetail } from '@roastery/contract';
import { eventually } from '@roastery/server/testing';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForNotification } from '../support/console-actions.ts';
import { rowWith } from '../support/form-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

const STAGES = ['Green', 'Roasting', 'Roasted', 'Packing'] as const;
/** What a value's place says while it is not live: since when, to the second. */
const NOT_LIVE_SINCE = /^Not live since \d\d:\d\d:\d\d$/;

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
    // Without a stream the screen knows only what the server says: the silo reports nothing.
    const inlet = drawer.getByRole('listitem', { name: 'Inlet Gate' });
    await inlet.getByText('No PLC data', { exact: true }).waitFor();
    await inlet.getByText(/^Not live since \d\d:\d\d:\d\d$/).waitFor();
    expect(await gate.count()).toBe(0);
    await drawer.getByRole('tab', { name: 'PLC Commands' }).click();
    await drawer
      .getByRole('listitem', { name: 'Inlet Gate Opened' })
      .getByText('No PLC data', { exact: true })
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

  test('says so in the place of every value while the PLC is lost, and shows live values again once it is back', async () => {
    const { page, url, server } = harness();
    const runtime = server.services.runtime;
    await eventually(() => runtime.connected(), 'the PLC connection');
    await signInAs(page, url, Role.Supervisor);
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    const silos = page.getByRole('region', { name: 'Silo Bins Occupancy' });
    const silo = rowWith(page, 'GS1');
    const fill = silo.getByRole('progressbar', { name: 'Green Silo 1 fill' });
    await fill.waitFor();
    await page.getByRole('link', { name: 'Green stage, Inactive' }).waitFor();

    await runtime.simulator.stop();
    await eventually(() => !runtime.connected(), 'the PLC link lost');

    // The dashboard: a banner over it, each stage tile and each silo's level in its place.
    const banner = page
      .getByRole('status')
      .filter({ hasText: 'PLC offline: the plant values on this screen are not live' });
    await banner.getByText(/Not live since \d\d:\d\d:\d\d\./).waitFor();
    for (const stage of STAGES) {
      await page
        .getByRole('link', {
          name: new RegExp(`^${stage} stage, PLC offline: not live since \\d\\d:\\d\\d:\\d\\d$`),
        })
        .waitFor();
    }
    expect(await page.getByRole('link', { name: /stage, (Active|Inactive)$/ }).count()).toBe(0);
    await silo.getByText('PLC offline', { exact: true }).waitFor();
    await silo.getByText(NOT_LIVE_SINCE).waitFor();
    expect(await silos.getByRole('progressbar').count()).toBe(0);

    // The devices screen: the banner, the silo's card and its values in the drawer.
    await page.getByRole('link', { name: 'Green stage, PLC offline', exact: false }).click();
    await page.waitForURL(url('/device?t=0'));
    await page
      .getByRole('status')
      .filter({ hasText: 'PLC offline: the plant values on this screen are not live' })
      .waitFor();
    const card = page.getByRole('button', { name: 'Open Green Silo 1' });
    await card.getByText('PLC offline', { exact: true }).first().waitFor();
    await card.getByText(NOT_LIVE_SINCE).waitFor();
    await card.click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: 'PLC Commands' }).click();
    const opened = drawer.getByRole('listitem', { name: 'Inlet Gate Opened' });
    await opened.getByText('PLC offline', { exact: true }).waitFor();
    await opened.getByText(NOT_LIVE_SINCE).waitFor();
    expect(await opened.getByText(/^(On|Off)$/).count()).toBe(0);

    // Back: every place shows its live value again, with no word of the loss left.
    await runtime.simulator.start();
    await opened.getByText('Off', { exact: true }).waitFor();
    expect(await drawer.getByText('PLC offline', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => card.getByText('PLC offline', { exact: true }).count(), { timeout: 15_000 })
      .toBe(0);
    await page.goto(url('/'));
    await fill.waitFor();
    await page.getByRole('link', { name: 'Green stage, Inactive' }).waitFor();
    expect(await page.getByText('PLC offline', { exact: true }).count()).toBe(0);
  });
});
