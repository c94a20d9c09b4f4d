import { describe, expect, test } from 'vitest';
import { Role, type RoleId } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { createWorkflow } from '../support/workflow-actions.ts';
import {
  chooseUserMenuItem,
  fullNameOf,
  navigationItems,
  openUserMenu,
  signInAs,
} from '../support/console-actions.ts';

const harness = useConsoleHarness();

const plantNavigation = [
  'Dashboard',
  'Orders',
  'Devices',
  'Logs',
  'Reports',
  'Roasts',
  'Quality',
  'Food Safety',
  'Trends',
  'Transfer',
  'Dump',
  'Settings',
  'Roast Profiles',
];

const expectations: {
  role: RoleId;
  navigation: string[];
  userMenu: string[];
  plantAlerts: boolean;
}[] = [
  {
    role: Role.Administrator,
    navigation: [...plantNavigation, 'Administration'],
    userMenu: ['Administration', 'General Settings', 'Change Password', 'Logout'],
    plantAlerts: true,
  },
  {
    role: Role.Supervisor,
    navigation: [...plantNavigation, 'Administration'],
    userMenu: ['General Settings', 'Change Password', 'Logout'],
    plantAlerts: true,
  },
  {
    role: Role.Operator,
    navigation: ['Dashboard'],
    userMenu: ['Change Password', 'Logout'],
    plantAlerts: false,
  },
  {
    role: Role.QualityTechnician,
    navigation: ['Reports', 'Roasts', 'Quality', 'Trends', 'Roast Profiles'],
    userMenu: ['Change Password', 'Logout'],
    plantAlerts: false,
  },
];

describe('what each role sees', () => {
  for (const { role, navigation, userMenu, plantAlerts } of expectations) {
    test(`role ${role}: navigation, header and user menu`, async () => {
      const { page, url } = harness();
      await signInAs(page, url, role);

      expect(await navigationItems(page)).toEqual(navigation);
      await page.getByText('Version 2.5.4').waitFor();

      const recipeButtons = page.getByRole('button', { name: /Active Recipe/ });
      const bells = page.getByRole('button', { name: /^Notifications/ });
      expect(await recipeButtons.count()).toBe(plantAlerts ? 1 : 0);
      expect(await bells.count()).toBe(plantAlerts ? 1 : 0);

      expect(await openUserMenu(page, fullNameOf(role))).toEqual(userMenu);
    });
  }

  test('the dashboard of an operator is the dump workflow screen', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Operator);
    await page.getByRole('heading', { name: 'Dump Requests' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
  });

  test('an operator is sent back to the dashboard from every other screen', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Operator);
    for (const path of [
      '/orders-pending',
      '/device?t=1',
      '/logs',
      '/product',
      '/quality',
      '/admin/users',
    ]) {
      await page.goto(url(path));
      await page.waitForURL(url('/'));
      await page.getByRole('heading', { name: 'Dump Requests' }).waitFor();
    }
  });

  test('a quality technician starts on the quality list and is sent back to it from the plant screens', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.QualityTechnician);
    await page.waitForURL(url('/quality'));
    for (const path of [
      '/orders-pending',
      '/device?t=1',
      '/logs',
      '/food-safety',
      '/admin/users',
    ]) {
      await page.goto(url(path));
      await page.waitForURL(url('/quality'));
    }
    for (const path of ['/reports', '/roasts', '/trace', '/recall']) {
      await page.goto(url(path));
      await page.waitForURL((at) => at.pathname === path);
    }
  });

  test('an operator can still change their password', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Operator);
    await chooseUserMenuItem(page, fullNameOf(Role.Operator), 'Change Password');
    await page.waitForURL(url('/change-password'));
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
  });

  test('a supervisor who opens the user list sees the server refuse it', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/admin/users');
    await page.getByText('You do not have permission to do this.').waitFor();
    expect(await page.locator('.ant-result').getByRole('img', { name: 'lock' }).count()).toBe(1);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(page.url()).toBe(url('/admin/users'));
  });
});

describe('the screens of the administrator', () => {
  test('Administration in the user menu opens the user list', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator);
    await chooseUserMenuItem(page, fullNameOf(Role.Administrator), 'Administration');
    await page.waitForURL(url('/admin/users'));
    for (const username of ['admin', 'sam.supervisor', 'olga.operator']) {
      await page.getByRole('cell', { name: username, exact: true }).waitFor();
    }
  });

  test('the navigation leads to each section and marks it', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator);
    const targets: [string, string, string][] = [
      ['Orders', '/orders-pending', 'Orders'],
      ['Devices', '/device', 'Devices'],
      ['Logs', '/logs', 'Logs'],
      ['Reports', '/reports', 'Reports'],
      ['Quality', '/quality', 'Quality'],
      ['Food Safety', '/food-safety', 'Food Safety'],
      ['Transfer', '/transfer', 'Transfer'],
      ['Dump', '/dump/transfer', 'Dump Transfer'],
      ['Settings', '/product', 'General Settings'],
      ['Dashboard', '/', 'Dashboard'],
    ];
    for (const [item, path, heading] of targets) {
      await page.locator('nav').getByRole('menuitem', { name: item }).click();
      await page.waitForURL(url(path));
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      const selected = page.locator('nav .ant-menu-item-selected');
      expect((await selected.textContent())?.trim()).toBe(item);
    }
  });

  // Twenty-eight screens, each also checked with axe as the test leaves it: a longer time limit.
  test('every route of the console opens a screen, with an honest empty state', async () => {
    const { page, url, server } = harness();
    const flow = await createWorkflow(server, 'An empty workflow');
    await signInAs(page, url, Role.Administrator);
    const routes = [
      '/orders-pending?open=true',
      '/orders-roasting',
      '/orders-packing',
      '/orders-completed',
      '/order-packing-finished',
      '/device?t=3',
      '/reports?t=oee',
      '/transfer',
      '/dump/transfer',
      '/product',
      '/quality',
      '/food-safety',
      '/notification',
      '/admin/devices',
      '/admin/device-status',
      '/admin/command',
      '/admin/reports',
      `/admin/flow/${flow}`,
      `/admin/flow/sort/${flow}`,
      `/admin/test/flow/${flow}`,
    ];
    for (const path of routes) {
      await page.goto(url(path));
      await page.locator('.ant-empty').first().waitFor();
      expect(await page.getByText('Page not found').count(), path).toBe(0);
      expect(await page.getByRole('heading', { level: 3 }).count(), path).toBe(1);
    }
    // Forms, settings and per-device screens have no empty state: their title shows they opened.
    // The log is not empty either: it holds the sign-ins and the workflow created above.
    for (const [path, title] of [
      ['/logs', 'Logs'],
      ['/admin/add-device', 'Add Device'],
      ['/admin/flow', 'Workflows'],
      // No workflow has GS1 on its canvas: its editor route opens the list with a notice.
      ['/admin/flow/edit/GS1', 'Workflows'],
      ['/admin/settings', 'Settings'],
      ['/admin/plant-data', 'Plant Data (MQTT)'],
      ['/admin/alarm-delivery', 'Alarm Messages'],
      ['/admin/device/GS1', 'UPDATE DEVICE'],
      ['/admin/device/alarm/GS1', 'Configure Alarm Text'],
      ['/admin/device/alarm/GS1/message', 'Alarm'],
      ['/admin/command/1/binary', 'Binary Commands'],
      ['/admin/command/1/input', 'Input Commands'],
    ] as const) {
      await page.goto(url(path));
      await page.getByRole('heading', { level: 3, name: title }).waitFor();
      expect(await page.getByText('Page not found').count(), path).toBe(0);
    }
  }, 300_000);

  test('query t selects the tab of devices and reports', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator, '/device?t=2');
    await page.getByRole('tab', { name: 'Roasted', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Packing' }).click();
    await page.waitForURL(url('/device?t=3'));
    await page.getByText('No Device Found').waitFor();

    await page.goto(url('/reports?t=shrinkage-weight'));
    await page.getByRole('tab', { name: 'Shrinkage Weight', selected: true }).waitFor();
  });

  test('the active recipe shows that there is none yet', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor);
    await page.getByRole('button', { name: /Active Recipe/ }).click();
    const popover = page.locator('.ant-popover');
    await popover.getByText('No Data', { exact: true }).waitFor();
    await popover.getByText(/^There is no active recipe/).waitFor();
  });

  test('an unknown address inside the console says so', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/no-such-screen');
    await page.getByText('Page not found').waitFor();
  });
});
