import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { Role } from '@roastery/contract';
import { beans, devices } from '@roastery/db';
import { useConsoleHarness } from '../support/harness.ts';
import { waitForScreen } from '../support/accessibility.ts';
import { chooseUserMenuItem, fullNameOf, signInAs } from '../support/console-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

/** An admin entry of the navigation: its label, the address it opens and that screen's title. */
type AdminScreen = readonly [label: string, path: string, heading: string];

const plantConfiguration: AdminScreen[] = [
  ['Device Management', '/admin/devices', 'Device Management'],
  ['Device Status', '/admin/device-status', 'Device Status'],
  ['Commands', '/admin/command', 'Commands'],
  ['Workflows', '/admin/flow', 'Workflows'],
  ['Roasting Paths', '/admin/path', 'Paths'],
  ['Plant Settings', '/admin/settings', 'Settings'],
  ['Report Settings', '/admin/reports', 'Reports'],
  ['System Monitor', '/admin/health', 'System Monitor'],
];

const administratorOnly: AdminScreen[] = [
  ['Users', '/admin/users', 'Users'],
  ['Audit Log', '/admin/audit', 'Audit Log'],
  ['Plant Data (MQTT)', '/admin/plant-data', 'Plant Data (MQTT)'],
  ['Alarm Messages', '/admin/alarm-delivery', 'Alarm Messages'],
  ['Alarm Simulator', '/alarm/sim', 'Alarm Simulator'],
];

function screenOf(label: string): AdminScreen {
  const screen = [...plantConfiguration, ...administratorOnly].find(([l]) => l === label);
  if (!screen) throw new Error(`no admin screen ${label}`);
  return screen;
}

/** The items inside the Administration group, top to bottom. */
const administrationItems = (navigation: Locator): Locator =>
  navigation.locator('.ant-menu-sub').getByRole('menuitem');

async function selectedItem(navigation: Locator): Promise<string | undefined> {
  return (await navigation.locator('.ant-menu-item-selected').textContent())?.trim();
}

/**
 * Clicks an item of the navigation and waits for its screen, loaded and not refused by the
 * server; the item is then the one marked.
 */
async function open(
  page: Page,
  url: (path: string) => string,
  [label, path, heading]: AdminScreen,
) {
  const navigation = page.getByRole('menu', { name: 'Main navigation' });
  await navigation.getByRole('menuitem', { name: label, exact: true }).click();
  await page.waitForURL(url(path));
  await page.getByRole('heading', { level: 3, name: heading, exact: true }).waitFor();
  expect(await selectedItem(navigation), label).toBe(label);
  await waitForScreen(page);
  expect(await page.getByText('You do not have permission to do this.').count(), label).toBe(0);
}

describe('the administration navigation', () => {
  test('an administrator reaches every admin screen from the dashboard by clicks', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator);
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    const navigation = page.getByRole('menu', { name: 'Main navigation' });

    await navigation.getByRole('menuitem', { name: 'Administration' }).click();
    expect(await administrationItems(navigation).allTextContents()).toEqual([
      'Users',
      'Audit Log',
      ...plantConfiguration.map(([label]) => label),
      'Plant Data (MQTT)',
      'Alarm Messages',
      'Alarm Simulator',
    ]);
    for (const screen of [...administratorOnly, ...plantConfiguration]) {
      await open(page, url, screen);
    }

    // Opened afresh, the last screen's item lies below the column's fold: it is scrolled to.
    await page.reload();
    await page.getByRole('heading', { level: 3, name: 'System Monitor' }).waitFor();
    const marked = navigation.locator('.ant-menu-item-selected');
    const column = page.locator('nav');
    await expect
      .poll(async () => {
        const [item, view] = [await marked.boundingBox(), await column.boundingBox()];
        return (
          item !== null &&
          view !== null &&
          item.y >= view.y &&
          item.y + item.height <= view.y + view.height
        );
      })
      .toBe(true);

    // A screen opened from an admin screen keeps its item marked and its group open.
    await open(page, url, screenOf('Device Management'));
    await page.getByRole('button', { name: 'Add Device' }).click();
    await page.waitForURL(url('/admin/add-device'));
    await page.getByRole('heading', { level: 3, name: 'Add Device' }).waitFor();
    expect(await selectedItem(navigation)).toBe('Device Management');

    // The user menu's Administration opens the group on the user list.
    await navigation.getByRole('menuitem', { name: 'Dashboard' }).click();
    await navigation.getByRole('menuitem', { name: 'Administration' }).click();
    await administrationItems(navigation).first().waitFor({ state: 'hidden' });
    await chooseUserMenuItem(page, fullNameOf(Role.Administrator), 'Administration');
    await page.waitForURL(url('/admin/users'));
    await page.getByRole('heading', { level: 3, name: 'Users', exact: true }).waitFor();
    expect(await selectedItem(navigation)).toBe('Users');
    await administrationItems(navigation).first().waitFor();
  });

  test('a supervisor sees only the admin screens the server lets them open', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor);
    const navigation = page.getByRole('menu', { name: 'Main navigation' });
    await navigation.getByRole('menuitem', { name: 'Administration' }).click();
    expect(await administrationItems(navigation).allTextContents()).toEqual(
      plantConfiguration.map(([label]) => label),
    );
    for (const [label] of administratorOnly) {
      expect(await navigation.getByRole('menuitem', { name: label }).count(), label).toBe(0);
    }
    for (const screen of plantConfiguration) await open(page, url, screen);
  });

  test('an operator has no administration at all', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Operator);
    await page.getByRole('heading', { name: 'Dump Requests' }).waitFor();
    const navigation = page.getByRole('menu', { name: 'Main navigation' });
    expect(await navigation.getByRole('menuitem').allTextContents()).toEqual(['Dashboard']);
  });

  test('at phone width the drawer holds the administration too', async () => {
    const { page, url } = harness();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, url, Role.Administrator);
    const navigation = page.getByRole('menu', { name: 'Main navigation' });
    // The drawer closes on a choice, and a closed drawer's menu is out of reach.
    const choose = async ([label, path, heading]: AdminScreen) => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await navigation.getByRole('menuitem', { name: label, exact: true }).click();
      await page.waitForURL(url(path));
      await navigation.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 3, name: heading, exact: true }).waitFor();
    };

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await navigation.getByRole('menuitem', { name: 'Administration' }).click();
    await page.keyboard.press('Escape');
    await navigation.waitFor({ state: 'hidden' });
    // The last item lies below the drawer's fold: the navigation scrolls to it.
    await choose(screenOf('Alarm Simulator'));
    await choose(screenOf('Workflows'));
    await page.getByRole('button', { name: 'Open navigation' }).click();
    expect(await selectedItem(navigation)).toBe('Workflows');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});

describe('the recall report', () => {
  test('is reached under Reports, by clicks', async () => {
    const { page, url, server } = harness();
    const { db } = server.database;
    const [silo] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.deviceId, 'GS1'));
    const [bean] = await db
      .insert(beans)
      .values({ name: 'Navigation Kenya' })
      .returning({ id: beans.id });
    if (!silo || !bean) throw new Error('seed failed');
    const { ledger } = server.services;
    const lot = await ledger.createLot({ lotNumber: 'NAV-LOT', beanId: bean.id, kind: 'green' });
    await ledger.receive({ toDevice: silo.id, lotId: lot, lbs: 500, reason: 'dump' });

    await signInAs(page, url, Role.Supervisor);
    const navigation = page.getByRole('menu', { name: 'Main navigation' });
    await navigation.getByRole('menuitem', { name: 'Reports' }).click();
    await page.waitForURL(url('/reports'));
    await page.getByRole('button', { name: 'Traceability & Recall' }).click();
    await page.waitForURL(url('/trace'));
    await page.getByRole('heading', { level: 3, name: 'Traceability & Recall' }).waitFor();
    expect(await selectedItem(navigation)).toBe('Reports');

    await page.getByRole('searchbox', { name: 'Lot number' }).fill('NAV-LOT');
    await page.getByRole('button', { name: 'Trace', exact: true }).click();
    await page.getByRole('heading', { name: 'Recall of lot NAV-LOT' }).waitFor();
  });
});
