import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { passwordOf } from '@roastery/server/testing';
import { useConsoleHarness } from '../support/harness.ts';
import {
  chooseUserMenuItem,
  fullNameOf,
  logOut,
  sessionCookieNames,
  signInAs,
} from '../support/console-actions.ts';

// Access tokens that expire while the user works, to exercise the refresh.
// Longer than a page load on the loaded 2-core CI machine: with 2 s, a token could expire again
// while each of two tabs loaded, and one tab was still refreshing after 30 s (once in a CI run).
const harness = useConsoleHarness({ ACCESS_TOKEN_TTL: '5s' });

const waitForExpiry = (page: Page) => page.waitForTimeout(6_000);

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

/** The refresh tokens the tabs of the context sent to the refresh endpoint, in order. */
function spentRefreshTokens(context: BrowserContext): string[] {
  const spent: string[] = [];
  context.on('request', (request) => {
    if (!request.url().endsWith('/api/user/refresh_token')) return;
    const body = request.postDataJSON() as { refreshToken?: string } | null;
    spent.push(body?.refreshToken ?? '');
  });
  return spent;
}

/** Counts the calls to the refresh endpoint made by every tab of the context. */
function countRefreshes(context: BrowserContext): () => number {
  let count = 0;
  context.on('request', (request) => {
    if (request.url().endsWith('/api/user/refresh_token')) count += 1;
  });
  return () => count;
}

describe('session', () => {
  test('logout ends the sign-in on the server and in the browser', async () => {
    const { page, url, context } = harness();
    await signInAs(page, url, Role.Supervisor);
    const refreshToken = await cookie(context, 'refreshToken');

    await logOut(page, fullNameOf(Role.Supervisor));
    expect(await sessionCookieNames(context)).toEqual([]);

    const reply = await page.request.post(url('/api/user/refresh_token'), {
      data: { refreshToken },
    });
    expect(reply.status()).toBe(401);

    await page.goto(url('/'));
    await page.waitForURL(url('/login'));
  });

  test('an expired access token is refreshed without the user noticing', async () => {
    const { page, url, context } = harness();
    await signInAs(page, url, Role.Administrator);
    // The dashboard polls; waiting on a quiet screen leaves the user's call the only one to
    // meet the expired token.
    await chooseUserMenuItem(page, fullNameOf(Role.Administrator), 'Change Password');
    await page.waitForURL(url('/change-password'));
    const refreshes = countRefreshes(context);
    const refreshToken = await cookie(context, 'refreshToken');
    await waitForExpiry(page);

    const statuses: number[] = [];
    // Counted when the user's call is answered: on a loaded machine the new token may expire too
    // (it lives 5 s here) before the test looks again, and its own refresh is no fault.
    let refreshesByAnswer = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/api/user') return;
      statuses.push(response.status());
      if (response.status() === 200) refreshesByAnswer = refreshes();
    });
    await chooseUserMenuItem(page, fullNameOf(Role.Administrator), 'Administration');
    await page.getByRole('cell', { name: 'olga.operator', exact: true }).waitFor();

    expect(page.url()).toBe(url('/admin/users'));
    expect(statuses).toEqual([401, 200]);
    expect(refreshesByAnswer).toBe(1);
    expect(await cookie(context, 'refreshToken')).not.toBe(refreshToken);
  });

  test('two tabs with an expired token refresh it once between them', async () => {
    const { page, url, context } = harness();
    const spent = spentRefreshTokens(context);
    await signInAs(page, url, Role.Administrator);
    const second = await context.newPage();
    await waitForExpiry(page);

    await Promise.all([page.goto(url('/admin/users')), second.goto(url('/admin/users'))]);
    for (const tab of [page, second]) {
      await tab.getByRole('cell', { name: 'sam.supervisor', exact: true }).waitFor();
      expect(tab.url()).toBe(url('/admin/users'));
    }
    // Each refresh token was spent once: the tabs took turns. How many refreshes there were
    // depends on the machine's speed, since a 5 s token can expire again while a page loads.
    expect(spent.length).toBeGreaterThan(0);
    expect(new Set(spent).size).toBe(spent.length);

    // The rotated token is still good: the server did not take a second use as theft.
    await page.reload();
    await page.getByRole('cell', { name: 'sam.supervisor', exact: true }).waitFor();
  });

  test('a session that can no longer be refreshed ends at the sign-in screen', async () => {
    const { page, url, context, server } = harness();
    await signInAs(page, url, Role.Administrator);
    // A quiet screen: the next call to the server is the one the user makes.
    await chooseUserMenuItem(page, fullNameOf(Role.Administrator), 'Change Password');
    await page.waitForURL(url('/change-password'));
    // Both tokens stop working at once, as when an administrator resets the password: the end
    // of the session is driven here, not waited for on a clock.
    const admin = (await server.services.users.list()).find((u) => u.username === 'admin');
    if (!admin) throw new Error('no admin account');
    await server.services.auth.adminResetPassword(
      admin.id,
      passwordOf(Role.Administrator),
      'Test setup',
    );

    // The user's next call ends it; so may the live stream first, which the server closes when
    // the user changes and which then finds its token revoked. Either way: the sign-in screen.
    const nextCall = chooseUserMenuItem(page, fullNameOf(Role.Administrator), 'Administration');
    nextCall.catch(() => undefined);
    await page.waitForURL(url('/login'));
    expect(await sessionCookieNames(context)).toEqual([]);
  });
});
