import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import type { Page } from 'playwright-core';
import { expectAccessible, waitForScreen } from '../support/accessibility.ts';
import { useConsoleHarness } from '../support/harness.ts';
import { fullNameOf, signInAs } from '../support/console-actions.ts';

const harness = useConsoleHarness({}, { plant: true, demoStock: true });

/** A supervisor's phone. */
const PHONE = { width: 390, height: 844 };

/** How far the page reaches past the right edge of the window, in pixels. */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const mainScreens = [
  '/',
  '/device',
  '/device?id=GS3',
  '/orders-pending',
  '/dump/transfer',
  '/logs',
  '/reports',
  '/admin/users',
  '/product',
];

describe('at phone width', () => {
  test('the main screens fit the width and pass axe', { timeout: 300_000 }, async () => {
    const { page, url } = harness();
    await page.setViewportSize(PHONE);
    await signInAs(page, url, Role.Administrator);
    for (const screen of mainScreens) {
      await page.goto(url(screen));
      await waitForScreen(page);
      expect(await overflow(page), screen).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
  });

  test('the navigation is a drawer opened from the header', async () => {
    const { page, url } = harness();
    await page.setViewportSize(PHONE);
    await signInAs(page, url, Role.Supervisor);
    await waitForScreen(page);

    const navigation = page.getByRole('menu', { name: 'Main navigation' });
    expect(await navigation.isVisible()).toBe(false);
    // The header keeps icons: no date, the user by their initials, named for the reader.
    expect(await page.locator('header time').count()).toBe(0);
    await page.getByRole('button', { name: fullNameOf(Role.Supervisor) }).waitFor();
    await page.getByRole('button', { name: /Active Recipe/i }).waitFor();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await navigation.waitFor();
    await expectAccessible(page);
    await navigation.getByRole('menuitem', { name: 'Devices' }).click();
    await page.waitForURL(url('/device'));
    await navigation.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Devices', exact: true }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  test("the operator's dump screen fits the width and passes axe", async () => {
    const { page, url } = harness();
    await page.setViewportSize(PHONE);
    await signInAs(page, url, Role.Operator);
    await page.getByRole('heading', { name: 'Dump Requests' }).waitFor();
    await waitForScreen(page);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test('the sign-in screen fits the width', async () => {
    const { page, url } = harness();
    await page.setViewportSize(PHONE);
    await page.goto(url('/login'));
    await page.getByLabel('Username').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});
