import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { USER_PASSWORD, testUsers } from '@roastery/server/testing';
import type { Locator, Page } from 'playwright-core';
import { useConsoleHarness } from '../support/harness.ts';
import {
  fullNameOf,
  logOut,
  signInAs,
  waitForNotification,
  waitForToast,
} from '../support/console-actions.ts';

// The throttle's clock stands still: its waits last until an administrator clears them.
const harness = useConsoleHarness({}, { signInClock: () => Date.parse('2025-06-02T08:00:00Z') });

/** Wrong passwords sent to the server directly, as from this computer. */
async function failSignIns(url: (path: string) => string, username: string, times: number) {
  for (let i = 0; i < times; i++) {
    const reply = await fetch(url('/api/user/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'wrong-password' }),
    });
    expect(reply.status).toBe(401);
  }
}

const throttlesSection = (page: Page): Locator =>
  page.locator('.ant-card').filter({ hasText: 'Sign-in throttles' });
const throttleRow = (page: Page, username: string): Locator =>
  throttlesSection(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: username, exact: true }) });

async function openUsers(page: Page, url: (path: string) => string) {
  await signInAs(page, url, Role.Administrator, '/admin/users');
  await throttlesSection(page).waitFor();
}

describe('sign-in throttles', () => {
  test('an administrator clears a throttled sign-in and the person signs in at once', async () => {
    const { page, url } = harness();
    const olga = testUsers[Role.Operator].username;
    await failSignIns(url, olga, 5);

    await page.goto(url('/login'));
    await page.getByLabel('Username').fill(olga);
    await page.getByLabel('Password').fill(USER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForNotification(page, 'Too many failed sign-in attempts. Try again in 1 second.');

    await openUsers(page, url);
    const row = throttleRow(page, olga);
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      olga,
      '127.0.0.1',
      '5',
      'In 1 s',
      'Clear',
    ]);
    await row.getByRole('button', { name: `Clear throttle of ${olga} at 127.0.0.1` }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText(`Let ${olga} at 127.0.0.1 try again at once?`).waitFor();
    await confirm.getByRole('button', { name: 'Clear' }).click();
    await waitForToast(page, 'Sign-in throttle cleared');
    await throttlesSection(page).getByText('No sign-in is being slowed down').waitFor();

    await logOut(page, fullNameOf(Role.Administrator));
    await signInAs(page, url, Role.Operator);
    await page.getByRole('button', { name: fullNameOf(Role.Operator) }).waitFor();
  });

  test('Clear all ends every throttle', async () => {
    const { page, url } = harness();
    await failSignIns(url, testUsers[Role.Supervisor].username, 5);
    await failSignIns(url, 'nobody.here', 5);
    await openUsers(page, url);
    await throttleRow(page, 'nobody.here').waitFor();
    await throttleRow(page, testUsers[Role.Supervisor].username).waitFor();

    await throttlesSection(page).getByRole('button', { name: 'Clear all' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('Let every slowed-down sign-in try again at once?').waitFor();
    await confirm.getByRole('button', { name: 'Clear all' }).click();
    await waitForToast(page, 'Sign-in throttles cleared');
    await throttlesSection(page).getByText('No sign-in is being slowed down').waitFor();
    expect(
      await throttlesSection(page).getByRole('button', { name: 'Clear all' }).isDisabled(),
    ).toBe(true);
  });
});
