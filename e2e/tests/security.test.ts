import { min, sql } from 'drizzle-orm';
import { auditLog } from '@roastery/db';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { ADMIN_PASSWORD, USER_PASSWORD, testUsers } from '@roastery/server/testing';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility.ts';
import { useConsoleHarness } from '../support/harness.ts';
import {
  chooseUserMenuItem,
  fullNameOf,
  logOut,
  signInAs,
  waitForToast,
} from '../support/console-actions.ts';

// Sign-in's clock (throttling and authenticator codes) moves when a test moves it.
const clock = { now: Date.now() };
const STEP_MS = 30_000;
const harness = useConsoleHarness({}, { signInClock: () => clock.now });

/** The code an authenticator app would show at the server's clock. */
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now });

const popconfirm = (page: Page): Locator =>
  page.locator('.ant-popconfirm:not(.ant-popover-hidden)');

describe('two-step sign-in', () => {
  test('an administrator enrols with the QR code or key, signs out, and signs in with a code', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Administrator);
    await chooseUserMenuItem(page, fullNameOf(Role.Administrator), 'Change Password');
    await page.getByRole('button', { name: 'Manage Two-Step Sign-In' }).click();
    const card = page.getByRole('dialog', { name: 'Two-Step Sign-In' });
    await card.getByText('Two-step sign-in is Off').waitFor();
    await card.getByRole('button', { name: 'Set Up Two-Step Sign-In' }).click();
    await card.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    const secret = (await card.getByLabel('Setup key').locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await card.getByLabel('Authentication Code').fill('000000');
    await card.getByRole('button', { name: 'Confirm Code' }).click();
    await page
      .locator('.ant-notification-notice', { hasText: 'The code is not correct' })
      .waitFor();
    await card.getByLabel('Authentication Code').fill(codeOf(secret));
    await card.getByRole('button', { name: 'Confirm Code' }).click();
    await waitForToast(page, 'Two-step sign-in is on');
    await card.getByText('Two-step sign-in is On').waitFor();
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'hidden' });

    await logOut(page, fullNameOf(Role.Administrator));
    clock.now += STEP_MS;
    await page.getByLabel('Username').fill(testUsers[Role.Administrator].username);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    await page.getByLabel('Authentication Code').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('button', { name: fullNameOf(Role.Administrator) }).waitFor();

    // Off again with a current code, so that the password alone signs in.
    clock.now += STEP_MS;
    await chooseUserMenuItem(page, fullNameOf(Role.Administrator), 'Change Password');
    await page.getByRole('button', { name: 'Manage Two-Step Sign-In' }).click();
    await card.getByText('Two-step sign-in is On').waitFor();
    await card.getByLabel('Authentication Code').fill(codeOf(secret));
    await card.getByRole('button', { name: 'Turn Off' }).click();
    await waitForToast(page, 'Two-step sign-in is off');
    await card.getByRole('button', { name: 'Set Up Two-Step Sign-In' }).waitFor();
  });

  test('an administrator removes their own two-step sign-in only with their password', async () => {
    const { page, url, context } = harness();
    await signInAs(page, url, Role.Administrator);
    const cookies = await context.cookies();
    const token = cookies.find((cookie) => cookie.name === 'accessToken')?.value ?? '';
    const api = (path: string, body?: object) =>
      fetch(url(`/api/user/${path}`), {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    clock.now += STEP_MS;
    const { secret } = (await (await api('totp/enrol', {})).json()) as { secret: string };
    expect((await api('totp/confirm', { code: codeOf(secret) })).status).toBe(200);

    const admin = testUsers[Role.Administrator].username;
    await page.goto(url('/admin/users'));
    await page.getByRole('button', { name: `Sessions of ${admin}` }).click();
    await page
      .getByRole('dialog', { name: `Sessions of ${fullNameOf(Role.Administrator)}` })
      .getByRole('button', { name: 'Remove Two-Step Sign-In' })
      .click();
    const proof = page.getByRole('dialog', { name: 'Remove Your Two-Step Sign-In' });
    // By keyboard alone: from the code field back to the choice, over to the password, Enter.
    await expect
      .poll(() =>
        proof.getByLabel('Authentication Code').evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowDown');
    await proof.getByLabel('Password', { exact: true }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    // Under the field, where the next attempt is typed, not in a notification.
    await proof
      .locator('.ant-form-item-explain-error', { hasText: 'The password is not correct.' })
      .waitFor();
    await expectAccessible(page);

    clock.now += STEP_MS;
    await proof.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await proof.getByRole('button', { name: 'Remove' }).click();
    await waitForToast(page, 'Two-step sign-in removed');
    await proof.waitFor({ state: 'hidden' });
    expect(await (await api('totp')).json()).toEqual({ enabled: false });
  });
});

describe('sessions', () => {
  test("an administrator sees a user's sessions and ends one, then all", async () => {
    const { page, url } = harness();
    const sam = testUsers[Role.Supervisor].username;
    const signIns: { refreshToken: string }[] = [];
    for (const agent of ['Packing line tablet', 'Roastery office PC']) {
      const reply = await fetch(url('/api/user/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': agent },
        body: JSON.stringify({ username: sam, password: USER_PASSWORD }),
      });
      expect(reply.status).toBe(200);
      signIns.push((await reply.json()) as { refreshToken: string });
    }
    await signInAs(page, url, Role.Administrator, '/admin/users');
    await page.getByRole('button', { name: `Sessions of ${sam}` }).click();
    const dialog = page.getByRole('dialog', { name: `Sessions of ${fullNameOf(Role.Supervisor)}` });
    const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
    await rows.filter({ hasText: 'Packing line tablet' }).waitFor();
    await rows.filter({ hasText: 'Roastery office PC' }).waitFor();
    expect(await rows.count()).toBe(2);

    await rows
      .filter({ hasText: 'Packing line tablet' })
      .getByRole('button', { name: /^End session/ })
      .click();
    await waitForToast(page, 'Session ended');
    await rows.filter({ hasText: 'Packing line tablet' }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);
    const refresh = (refreshToken: string) =>
      fetch(url('/api/user/refresh_token'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
    expect((await refresh(signIns[0]!.refreshToken)).status).toBe(401);

    await dialog.getByRole('button', { name: 'End All Sessions' }).click();
    await popconfirm(page).getByRole('button', { name: 'End All' }).click();
    await waitForToast(page, 'All sessions ended');
    await dialog.getByText('No open sessions.').waitFor();
    expect((await refresh(signIns[1]!.refreshToken)).status).toBe(401);
  });
});

describe('audit log', () => {
  test('an administrator searches the log and verifies its chain, and sees where it was altered', async () => {
    const { page, url, server } = harness();
    await signInAs(page, url, Role.Administrator, '/admin/users');
    await page.getByRole('link', { name: 'Audit Log' }).click();
    await page.waitForURL(url('/admin/audit'));
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();

    await page.getByLabel('Search text').fill('sign-in');
    await page.getByLabel('Search text').press('Enter');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.filter({ hasText: 'sign-in' }).first().waitFor();
    for (const text of await rows.allTextContents()) expect(text).toContain('sign-in');

    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByText('Chain intact').waitFor();

    await server.services.audit.flush();
    const { db } = server.database;
    const [first] = await db.select({ id: min(auditLog.id) }).from(auditLog);
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await db.execute(sql`update audit_log set user_name = 'nobody' where id = ${first?.id}`);
    } finally {
      await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByText(`Chain broken at row ${first?.id}`).waitFor();
  });
});
