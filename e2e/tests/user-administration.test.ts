import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import type { Locator, Page } from 'playwright-core';
import { useConsoleHarness } from '../support/harness.ts';
import {
  fullNameOf,
  logOut,
  navigationItems,
  signIn,
  signInAs,
  waitForNotification,
  waitForToast,
} from '../support/console-actions.ts';

const harness = useConsoleHarness();

const dialog = (page: Page): Locator => page.getByRole('dialog');
const userRow = (page: Page, username: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

async function openUsers(page: Page, url: (path: string) => string) {
  await signInAs(page, url, Role.Administrator, '/admin/users');
  await page.getByRole('cell', { name: 'admin', exact: true }).waitFor();
}

async function chooseRole(page: Page, role: string) {
  await dialog(page).getByLabel('Role').click();
  await page.locator(`.ant-select-item-option[title="${role}"]`).click();
}

async function createUser(
  page: Page,
  values: { fullName: string; username: string; role: string; password: string },
) {
  await page.getByRole('button', { name: 'Create User' }).click();
  await dialog(page).getByLabel('Full Name').fill(values.fullName);
  await dialog(page).getByLabel('Username').fill(values.username);
  await chooseRole(page, values.role);
  await dialog(page).getByLabel('Password').fill(values.password);
  await dialog(page).getByRole('button', { name: 'Create' }).click();
}

describe('user administration', () => {
  test('the create form checks its fields before calling the server', async () => {
    const { page, url } = harness();
    await openUsers(page, url);
    await page.getByRole('button', { name: 'Create User' }).click();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    for (const text of [
      'Please enter the full name',
      'Please enter the username',
      'Please select a role',
      'Please enter a password',
    ]) {
      await dialog(page).getByText(text).waitFor();
    }
    await dialog(page).getByLabel('Password').fill('short');
    await dialog(page).getByText('Password length must be greater than 6 characters.').waitFor();
    await dialog(page).getByLabel('Username').fill('has space');
    await dialog(page).getByText('Username may contain letters, digits and . _ @ - only').waitFor();
  });

  test('a username that is taken is refused with the server message', async () => {
    const { page, url } = harness();
    await openUsers(page, url);
    await createUser(page, {
      fullName: 'Another Sam',
      username: 'sam.supervisor',
      role: 'Operator',
      password: 'perfectly-fine-1',
    });
    await waitForNotification(page, "The username 'sam.supervisor' is already taken.");
    expect(await dialog(page).isVisible()).toBe(true);
  });

  test('an administrator cannot delete their own account', async () => {
    const { page, url } = harness();
    await openUsers(page, url);
    await userRow(page, 'admin').getByRole('button', { name: 'Delete admin' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await waitForNotification(page, 'You cannot delete your own account.');
    await userRow(page, 'admin').waitFor();
  });

  test('create, edit, reset the password, sign in as the new user, delete', async () => {
    const { page, url } = harness();
    await openUsers(page, url);

    await createUser(page, {
      fullName: 'Pat Packer',
      username: 'pat.packer',
      role: 'Operator',
      password: 'first-pass-123',
    });
    await waitForToast(page, 'User pat.packer created');
    await dialog(page).waitFor({ state: 'detached' });
    const row = userRow(page, 'pat.packer');
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Pat Packer', 'pat.packer', 'Operator']),
    );
    expect(await row.getByRole('cell').nth(3).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    await row.getByRole('button', { name: 'Edit pat.packer' }).click();
    expect(await dialog(page).getByLabel('Full Name').inputValue()).toBe('Pat Packer');
    await dialog(page).getByLabel('Full Name').fill('Patricia Packer');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'User pat.packer updated');
    await row.getByRole('cell', { name: 'Patricia Packer', exact: true }).waitFor();

    await row.getByRole('button', { name: 'Reset password of pat.packer' }).click();
    await dialog(page).getByLabel('New Password').fill('reset-pass-789');
    await dialog(page).getByLabel('Confirm Password').fill('reset-pass-78');
    await dialog(page).getByText('The Password and Confirm Password must be match.').waitFor();
    await dialog(page).getByLabel('Confirm Password').fill('reset-pass-789');
    await dialog(page).getByRole('button', { name: 'Reset Password' }).click();
    await waitForToast(page, 'Password of pat.packer reset');

    await logOut(page, fullNameOf(Role.Administrator));
    await signIn(page, url, 'pat.packer', 'reset-pass-789');
    expect(await navigationItems(page)).toEqual(['Dashboard']);
    await page.getByRole('button', { name: 'Patricia Packer' }).waitFor();
    await logOut(page, 'Patricia Packer');

    await openUsers(page, url);
    await userRow(page, 'pat.packer').getByRole('button', { name: 'Delete pat.packer' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('Are you sure you want to delete this?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'User pat.packer deleted');
    await userRow(page, 'pat.packer').waitFor({ state: 'detached' });

    await logOut(page, fullNameOf(Role.Administrator));
    await page.getByLabel('Username').fill('pat.packer');
    await page.getByLabel('Password').fill('reset-pass-789');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForNotification(page, 'Invalid username or password');
  });
});
