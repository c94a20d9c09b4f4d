import type { BrowserContext, Page } from 'playwright-core';
import type { RoleId } from '@roastery/contract';
import { passwordOf, testUsers } from '@roastery/server/testing';
import { checkScreenOnce } from './checked-screens.ts';

/**
 * Signs in through the sign-in screen and waits for the dashboard. The sign-in screen is left
 * by signing in, not by going elsewhere, so it is checked for accessibility here.
 */
export async function signIn(
  page: Page,
  url: (path: string) => string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(url('/login'));
  await page.getByLabel('Username').waitFor();
  await checkScreenOnce(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(url('/'));
}

export async function signInAs(
  page: Page,
  url: (path: string) => string,
  role: RoleId,
): Promise<void> {
  await signIn(page, url, testUsers[role].username, passwordOf(role));
}

/** The labels of the left navigation, top to bottom. */
export async function navigationItems(page: Page): Promise<string[]> {
  const items = page.locator('nav').getByRole('menuitem');
  await items.first().waitFor();
  return (await items.allTextContents()).map((text) => text.trim());
}

/** Opens the user menu in the header and returns its item labels. */
export async function openUserMenu(page: Page, fullName: string): Promise<string[]> {
  await page.getByRole('button', { name: fullName }).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem');
  await menu.first().waitFor();
  return (await menu.allTextContents()).map((text) => text.trim());
}

export async function chooseUserMenuItem(page: Page, fullName: string, item: string) {
  await openUserMenu(page, fullName);
  const entry = page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name: item });
  // A click while the menu is still opening can be lost, and the menu then stays open; a
  // person would click again, and so does this.
  for (let attempt = 1; ; attempt += 1) {
    await entry.click();
    try {
      await entry.waitFor({ state: 'hidden', timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export async function logOut(page: Page, fullName: string): Promise<void> {
  await chooseUserMenuItem(page, fullName, 'Logout');
  await page.waitForURL(/\/login$/);
}

/** Waits for an antd toast (message) with the given text. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

/** Waits for an antd notification and returns its title and description. */
export async function waitForNotification(
  page: Page,
  description: string,
): Promise<{ title: string; description: string }> {
  const notice = page.locator('.ant-notification-notice', { hasText: description }).first();
  await notice.waitFor();
  return {
    title: (await notice.locator('.ant-notification-notice-title').textContent()) ?? '',
    description: (await notice.locator('.ant-notification-notice-description').textContent()) ?? '',
  };
}

export const fullNameOf = (role: RoleId): string => testUsers[role].full_name;

/**
 * The names of the cookies that hold a session. The device cookie a sign-in leaves (ADR 0033)
 * is not one: it outlives the session on purpose, so that this browser is known at its next
 * sign-in.
 */
export async function sessionCookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name).filter((name) => !name.startsWith('device_'));
}
