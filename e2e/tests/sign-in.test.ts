import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { ADMIN_PASSWORD, USER_PASSWORD, testUsers } from '@roastery/server/testing';
import { useConsoleHarness } from '../support/harness.ts';
import { signIn, signInAs, waitForNotification, waitForToast } from '../support/console-actions.ts';

// The throttle's clock stands still, so its first wait cannot run out between two clicks.
const harness = useConsoleHarness({}, { signInClock: () => Date.parse('2025-06-02T08:00:00Z') });

describe('sign-in screen', () => {
  test('asks for the username and the password', async () => {
    const { page, url } = harness();
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter your username').waitFor();
    await page.getByText('Please enter your password').waitFor();
    expect(page.url()).toBe(url('/login'));
  });

  test('a wrong password shows the server message in an Error notification', async () => {
    const { page, url } = harness();
    await page.goto(url('/login'));
    await page.getByLabel('Username').fill(testUsers[Role.Administrator].username);
    await page.getByLabel('Password').fill(`${ADMIN_PASSWORD}-wrong`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const notice = await waitForNotification(page, 'Invalid username or password');
    expect(notice).toEqual({ title: 'Error', description: 'Invalid username or password' });
    expect(page.url()).toBe(url('/login'));
    expect(await page.context().cookies()).toEqual([]);
  });

  test('after too many wrong passwords the server message says to wait', async () => {
    const { page, url } = harness();
    await page.goto(url('/login'));
    await page.getByLabel('Username').fill(testUsers[Role.Operator].username);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await page.getByLabel('Password').fill(`wrong-${attempt}`);
      const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/login'));
      await page.getByRole('button', { name: 'Sign In' }).click();
      expect((await reply).status()).toBe(401);
    }
    await page.getByLabel('Password').fill(USER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const notice = await waitForNotification(page, 'Too many failed sign-in attempts');
    expect(notice).toEqual({
      title: 'Error',
      description: 'Too many failed sign-in attempts. Try again in 1 second.',
    });
    expect(page.url()).toBe(url('/login'));
  });

  test('without a session every screen leads to sign-in', async () => {
    const { page, url } = harness();
    for (const path of ['/', '/admin/users', '/orders-pending', '/change-password']) {
      await page.goto(url(path));
      await page.waitForURL(url('/login'));
    }
  });

  test('signing in greets the user, keeps the session in cookies and opens the dashboard', async () => {
    const { page, url, context } = harness();
    await signIn(page, url, testUsers[Role.Administrator].username, ADMIN_PASSWORD);
    await waitForToast(page, 'Welcome back');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const all = await context.cookies();
    // The device cookie (ADR 0033) names this browser to the sign-in route alone, unreadable by
    // scripts; the session's own cookies are the spec's.
    const device = all.filter((c) => c.name.startsWith('device_'));
    expect(device).toMatchObject([{ path: '/api/user/login', httpOnly: true, sameSite: 'Strict' }]);
    const cookies = Object.fromEntries(
      all.filter((c) => !device.includes(c)).map((c) => [c.name, c]),
    );
    expect(Object.keys(cookies).sort()).toEqual(['accessToken', 'name', 'refreshToken', 'role']);
    expect(cookies.role?.value).toBe('1');
    expect(decodeURIComponent(cookies.name?.value ?? '')).toBe('Administrator');
    const daysLeft = ((cookies.accessToken?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(359);
    expect(daysLeft).toBeLessThanOrEqual(360);
    for (const cookie of Object.values(cookies)) {
      expect(cookie.sameSite).toBe('Strict');
      expect(cookie.path).toBe('/');
    }
  });

  test('a signed-in user who opens the sign-in screen is sent to the dashboard', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/login');
    await page.waitForURL(url('/'));
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});
