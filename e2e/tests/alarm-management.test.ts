import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { eventually } from '@roastery/server/testing';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, rowWith } from '../support/form-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

describe('Alarm management (ISA-18.2)', () => {
  test('a PLC alarm is acknowledged, then shelved; eleven alarms raise the flood banner', async () => {
    const { page, url, server } = harness();
    await plantConnected(server);
    await signInAs(page, url, Role.Supervisor, '/notification');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();

    // The roaster's PLC raises alarm code 1; the console names it with the alarm text.
    server.services.simulator.setAlarm('R1', 1);
    const row = rowWith(page, 'Roaster 1: Burner flame failure');
    await row.getByText('Unacknowledged', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Acknowledge: Roaster 1: Burner flame failure' }).click();
    await waitForToast(page, 'Notification acknowledged');
    await row.getByText('Acknowledged', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Shelve: Roaster 1: Burner flame failure' }).click();
    await dialog(page).getByText('Shelve for').waitFor();
    await dialog(page).getByRole('button', { name: 'Shelve' }).click();
    await dialog(page).getByText('Please give a reason.').waitFor();
    await dialog(page).getByLabel('Reason').fill('Burner being serviced');
    await dialog(page).getByRole('button', { name: 'Shelve' }).click();
    const shelved = row.getByText(/^Shelved until \d\d:\d\d$/);
    await shelved.waitFor();
    const [alarm] = (await server.services.notifications.page(1, 1, 'shelved')).data;
    // The default shelve is one hour, shown in the browser's time zone.
    const until = await page.evaluate((iso) => {
      const d = new Date(iso);
      return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    }, alarm!.shelvedUntil!);
    expect(await shelved.textContent()).toBe(`Shelved until ${until}`);
    expect(alarm!.shelveReason).toBe('Burner being serviced');
    await page.getByRole('alert').filter({ hasText: 'Alarm flood' }).waitFor({ state: 'detached' });

    // Ten more alarms from the console within the window: the eleventh is a flood.
    for (let i = 1; i <= 10; i += 1) {
      await server.services.notifications.raise({
        type: 'alarm',
        text: `Console alarm ${i}`,
        by: 'console',
      });
    }
    const banner = page.getByRole('alert').filter({ hasText: 'Alarm flood' });
    await banner.getByText('Alarm flood: 11 alarms in the last 10 minutes').waitFor();

    // The banner stands above every screen while the flood lasts, the dashboard too.
    await page.goto(url('/'));
    await banner.getByText('Alarm flood: 11 alarms in the last 10 minutes').waitFor();

    // Back on the list, the shelved alarm is found by its state.
    await page.goto(url('/notification'));
    await page.getByRole('combobox', { name: 'Alarm state' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Shelved' }).click();
    await rowWith(page, 'Roaster 1: Burner flame failure').waitFor();
    await eventually(
      async () => (await page.getByRole('row').count()) === 2,
      'only the shelved alarm listed',
    );
  });

  test('an alarm is unshelved, then its source is taken out of service and returned', async () => {
    const { page, url, server } = harness();
    await plantConnected(server);
    await signInAs(page, url, Role.Supervisor, '/notification');
    server.services.simulator.setAlarm('R2', 2);
    const row = page.getByRole('row').filter({ hasText: 'Roaster 2: ' });
    await row.getByText('Unacknowledged', { exact: true }).waitFor();
    const text = (await row.getByRole('cell').nth(2).textContent()) ?? '';

    await row.getByRole('button', { name: `Shelve: ${text}` }).click();
    await dialog(page).getByLabel('Reason').fill('Known fault');
    await dialog(page).getByRole('button', { name: 'Shelve' }).click();
    await row.getByText(/^Shelved until/).waitFor();
    await row.getByRole('button', { name: `Unshelve: ${text}` }).click();
    await waitForToast(page, 'Alarm unshelved');
    await row.getByText('Unacknowledged', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Out of service: ${text}` }).click();
    await dialog(page).getByLabel('Reason').fill('Roaster 2 under maintenance');
    await dialog(page).getByRole('button', { name: 'Out of service' }).click();
    await waitForToast(page, 'Alarm source taken out of service');
    await row.getByText('Out of service', { exact: true }).waitFor();
    // Out of the bell: the operator is not asked to acknowledge what maintenance has in hand.
    const bell = await server.services.notifications.active();
    expect(bell.data.map((n) => n.text)).not.toContain(text);

    await row.getByRole('button', { name: `Return to service: ${text}` }).click();
    await waitForToast(page, 'Alarm source returned to service');
    await row.getByText('Unacknowledged', { exact: true }).waitFor();
  });

  test('a device is taken out of service before it ever alarmed, then returned', async () => {
    const { page, url, server } = harness();
    await plantConnected(server);
    await signInAs(page, url, Role.Supervisor, '/notification');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();

    // The technician takes Green Silo 3 out of service before working on it.
    await page.getByRole('button', { name: 'Sources out of service' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Alarm sources out of service' });
    await drawer.getByRole('button', { name: 'Take a source out of service' }).click();
    const form = page
      .getByRole('dialog')
      .filter({ hasText: 'Take an alarm source out of service' });
    await chooseOption(page, form, 'Alarm source', 'Green Silo 3 (GS3)');
    await form.getByLabel('Reason').fill('Level probe being replaced');
    await form.getByRole('button', { name: 'Out of service' }).click();
    await waitForToast(page, 'Alarm source taken out of service');
    const listed = drawer.getByRole('row').filter({ hasText: 'Green Silo 3 (GS3)' });
    await listed.getByText('Level probe being replaced').waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();

    // The work trips the silo's high level switch: recorded, not announced.
    server.services.simulator.setAlarm('GS3', 1);
    const row = rowWith(page, 'Green Silo 3: High level switch');
    await row.getByText('Out of service', { exact: true }).waitFor();
    const bell = await server.services.notifications.active();
    expect(bell.data.map((n) => n.text)).not.toContain('Green Silo 3: High level switch');

    await page.getByRole('button', { name: 'Sources out of service' }).click();
    await listed.getByRole('button', { name: 'Return to service: Green Silo 3 (GS3)' }).click();
    await waitForToast(page, 'Alarm source returned to service');
    await listed.waitFor({ state: 'detached' });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await row.getByText('Unacknowledged', { exact: true }).waitFor();
  });
});
