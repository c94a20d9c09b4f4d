import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { USER_PASSWORD, testUsers } from '@roastery/server/testing';
import type { Page } from 'playwright-core';
import { useConsoleHarness } from '../support/harness.ts';
import {
  chooseUserMenuItem,
  fullNameOf,
  logOut,
  sessionCookieNames,
  signIn,
  waitForNotification,
  waitForToast,
} from '../support/console-actions.ts';

const harness = useConsoleHarness();
const supervisor = testUsers[Role.Supervisor];
const TOO_SHORT = 'Password length must be greater than 6 characters.';
const MISMATCH = 'The Password and Confirm Password must be match.';

async function openChangePassword(page: Page, url: (path: string) => string) {
  await signIn(page, url, supervisor.username, USER_PASSWORD);
  await chooseUserMenuItem(page, fullNameOf(Role.Supervisor), 'Change Password');
  await page.waitForURL(url('/change-password'));
}

const submit = (page: Page) => page.getByRole('button', { name: 'Submit' });

describe('change password', () => {
  test('Submit stays disabled until the spec rules hold, with their messages', async () => {
    const { page, url } = harness();
    await openChangePassword(page, url);
    await expect.poll(() => submit(page).isDisabled()).toBe(true);

    await page.getByLabel('Old Password').fill(USER_PASSWORD);
    await page.getByLabel('New Password').fill('short');
    await page.getByText(TOO_SHORT).waitFor();
    await expect.poll(() => submit(page).isDisabled()).toBe(true);

    await page.getByLabel('New Password').fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('long-enough-2');
    await page.getByText(MISMATCH).waitFor();
    await page.getByText(TOO_SHORT).waitFor({ state: 'detached' });
    await expect.poll(() => submit(page).isDisabled()).toBe(true);

    await page.getByLabel('Confirm Password').fill('long-enough-1');
    await page.getByText(MISMATCH).waitFor({ state: 'detached' });
    await expect.poll(() => submit(page).isEnabled()).toBe(true);

    await page.getByLabel('Old Password').fill('short');
    await expect.poll(() => submit(page).isDisabled()).toBe(true);

    await page.getByLabel('Old Password').fill('');
    await page.getByText('Please enter your old password').waitFor();
  });

  test('a wrong old password is refused with the server message', async () => {
    const { page, url } = harness();
    await openChangePassword(page, url);
    await page.getByLabel('Old Password').fill('not-my-password');
    await page.getByLabel('New Password').fill('brand-new-pass');
    await page.getByLabel('Confirm Password').fill('brand-new-pass');
    await submit(page).click();
    const notice = await waitForNotification(page, 'The old password is not correct.');
    expect(notice.title).toBe('Unprocessable Entity');
  });

  test('a real change keeps this session and the new password signs in', async () => {
    const { page, url, context } = harness();
    const newPassword = 'roasted-beans-42';
    await openChangePassword(page, url);
    const tokensBefore = await tokenCookies(page);

    await page.getByLabel('Old Password').fill(USER_PASSWORD);
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await submit(page).click();
    await waitForToast(page, 'Password changed');
    expect(await page.getByLabel('Old Password').inputValue()).toBe('');

    const tokensAfter = await tokenCookies(page);
    expect(tokensAfter.accessToken).not.toBe(tokensBefore.accessToken);
    expect(tokensAfter.refreshToken).not.toBe(tokensBefore.refreshToken);

    await page.goto(url('/admin/flow'));
    await page.getByRole('heading', { name: 'Workflows' }).waitFor();

    await logOut(page, fullNameOf(Role.Supervisor));
    expect(await sessionCookieNames(context)).toEqual([]);

    await page.getByLabel('Username').fill(supervisor.username);
    await page.getByLabel('Password').fill(USER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForNotification(page, 'Invalid username or password');

    await signIn(page, url, supervisor.username, newPassword);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});

async function tokenCookies(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  return Object.fromEntries(cookies.map((c) => [c.name, c.value]));
}
