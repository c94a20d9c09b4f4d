import type { BrowserContext, Page } from 'playwright-core';
import { loginReply, type RoleId } from '@roastery/contract';
import { passwordOf, testUsers } from '@roastery/server/testing';
import { checkScreenOnce } from './checked-screens.ts';

/** How long the web app keeps its session cookies (apps/web/src/lib/session.ts). */
const SESSION_COOKIE_DAYS = 360;

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

/** Signs in as a user of the role through the sign-in screen, as a person does. */
export async function signInThroughForm(
  page: Page,
  url: (path: string) => string,
  role: RoleId,
): Promise<void> {
  await signIn(page, url, testUsers[role].username, passwordOf(role));
}

/**
 * Signs in as a user of the role as the sign-in screen does (the same call, the same four
 * session cookies it keeps) and opens `landing`. The sign-in screen itself is tried by the
 * sign-in tests (`signIn`); the others start where their test does, without loading the sign-in
 * screen and the dashboard on the way.
 */
export async function signInAs(
  page: Page,
  url: (path: string) => string,
  role: RoleId,
  landing = '/',
): Promise<void> {
  const user = testUsers[role];
  const response = await page.request.post(url('/api/user/login'), {
    data: { username: user.username, password: passwordOf(role) },
  });
  if (!response.ok()) throw new Error(`Sign-in as ${user.username}: ${response.status()}`);
  const reply = loginReply.parse(await response.json());
  const session = {
    accessToken: reply.token,
    refreshToken: reply.refreshToken,
    name: reply.full_name,
    role: String(reply.role),
  };
  const expires = Date.now() / 1000 + SESSION_COOKIE_DAYS * 86_400;
  await page.context().addCookies(
    Object.entries(session).map(([name, value]) => ({
      name,
      // As the web app's cookie library writes them.
      value: encodeURIComponent(value),
      url: url('/'),
      expires,
      sameSite: 'Strict' as const,
    })),
  );
  await page.goto(url(landing));
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
