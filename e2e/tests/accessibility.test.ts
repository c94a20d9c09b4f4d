import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { accessibilityViolations, waitForScreen } from '../support/accessibility.ts';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';
import { claimScreen } from '../support/checked-screens.ts';

const harness = useConsoleHarness({}, { plant: true, demoStock: true });

/**
 * Every route of the console, with the demo plant's devices and first workflow for the routes
 * that name one, and the tabs that a query selects.
 */
const adminRoutes = [
  '/',
  '/orders-pending',
  '/orders-pending?open=true',
  '/orders-roasting',
  '/orders-packing',
  '/orders-completed',
  '/order-packing-finished',
  '/device',
  '/device?t=1',
  '/device?t=2',
  '/device?t=3',
  '/device?id=GS3',
  '/logs',
  '/reports',
  '/reports?t=oee',
  '/reports?t=production',
  '/reports?t=cleaner-waste',
  '/reports?t=shrinkage-weight',
  '/reports?t=roast-consistency',
  '/reports?t=packing-report',
  '/reports?t=other',
  '/transfer',
  '/dump/transfer',
  '/product',
  '/trace',
  '/recall',
  '/notification',
  '/roast-profiles',
  '/roast-profiles/new',
  '/roast-profiles/1',
  '/trends',
  '/roasts',
  '/roasts/1',
  '/roasts/batch/1',
  '/quality',
  '/quality?status=on_hold',
  '/quality/lots/1',
  '/food-safety',
  '/alarm/sim',
  '/change-password',
  '/admin/users',
  '/admin/audit',
  '/admin/path',
  '/admin/devices',
  '/admin/device-status',
  '/admin/add-device',
  '/admin/device/GS1',
  '/admin/flow/edit/GS1',
  '/admin/device/alarm/GS1',
  '/admin/device/alarm/GS1/message',
  '/admin/command',
  '/admin/command/1/binary',
  '/admin/command/1/input',
  '/admin/flow',
  '/admin/flow/1',
  '/admin/flow/sort/1',
  '/admin/test/flow/1',
  '/admin/reports',
  '/admin/settings',
  '/admin/health',
  '/admin/health/api',
  '/admin/plant-data',
  '/admin/alarm-delivery',
];

/**
 * An operator's screens: the dump workflow, the password, the roast profiles (read only), the
 * trends and the roasts; the rest send them home.
 */
const operatorRoutes = [
  '/',
  '/change-password',
  '/roast-profiles',
  '/roast-profiles/1',
  '/trends',
  '/roasts',
];

/**
 * The violations of each route, as one readable list; empty when every screen passes. A screen
 * another test of the run already checked is not checked again (its test failed if it did not
 * pass), nor when the sweep leaves it.
 */
async function sweep(
  page: ReturnType<typeof harness>['page'],
  url: (path: string) => string,
  routes: string[],
): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await page.goto(url(route));
    await waitForScreen(page);
    const violations = (await claimScreen(page)) ? await accessibilityViolations(page) : [];
    if (violations.length > 0) found.push(`${route}:\n${violations.join('\n')}`);
  }
  return found;
}

describe('accessibility (WCAG 2 A/AA, serious and critical) at desktop width', () => {
  test('the sweep opens every route the console declares', () => {
    const declared = readFileSync(
      resolve(import.meta.dirname, '../../apps/web/src/config/paths.ts'),
      'utf8',
    ).matchAll(/path: '([^']+)'/g);
    const opened = adminRoutes.map((route) => route.split('?')[0] ?? route);
    const missing = [...declared]
      .map(([, path]) => path ?? '')
      // Screens opened without signing in have tests of their own below.
      .filter((path) => path !== '/login' && path !== '/alarm-ack')
      .filter((path) => {
        const pattern = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
        return !opened.some((route) => pattern.test(route));
      });
    expect(missing).toEqual([]);
  });

  test('the sign-in screen', async () => {
    const { page, url } = harness();
    await page.goto(url('/login'));
    await page.getByLabel('Username').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('the page a link in an alarm message opens', async () => {
    const { page, url } = harness();
    await page.goto(url('/alarm-ack'));
    await page.getByText('This link has no token.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('every screen of an administrator', { timeout: 600_000 }, async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator);
    const found = await sweep(page, url, adminRoutes);
    if (found.length > 0) throw new Error(found.join('\n'));
  });

  test('every screen of an operator', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Operator);
    const found = await sweep(page, url, operatorRoutes);
    if (found.length > 0) throw new Error(found.join('\n'));
  });
});
