import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role, type SignInThrottle } from '@roastery/contract';
import { ADMIN_PASSWORD, USER_PASSWORD, buildTestApp, type TestApp } from '../../../test/helper.ts';

// Default limits: 5 failures per username and address, 30 per address, a 15 minute window.
let t: TestApp;
const clock = { now: Date.parse('2025-06-02T08:00:00Z') };

beforeAll(async () => {
  t = await buildTestApp({}, { signInClock: () => clock.now });
});
afterAll(() => t.close());
// An hour on: every test starts with the failures of the others forgotten.
beforeEach(() => {
  clock.now += 60 * 60_000;
});

function login(username: string, password: string, address: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password },
    remoteAddress: address,
  });
}

/** The status codes of simultaneous attempts, counted. */
async function simultaneously(attempts: [string, string, string][]) {
  const replies = await Promise.all(attempts.map((a) => login(...a)));
  const counts: Record<number, number> = {};
  for (const reply of replies) counts[reply.statusCode] = (counts[reply.statusCode] ?? 0) + 1;
  return { counts, replies };
}

function times(n: number, attempt: [string, string, string]): [string, string, string][] {
  return Array.from({ length: n }, () => attempt);
}

async function throttles(): Promise<SignInThrottle[]> {
  const { status, body } = await t.as(Role.Administrator)<SignInThrottle[]>(
    'GET',
    '/api/user/throttles',
  );
  expect(status).toBe(200);
  return body;
}

describe('sign-in throttling per username and address', () => {
  it('holds its limit exactly under 200 simultaneous wrong passwords, then slows down', async () => {
    const wrong: [string, string, string] = ['admin', 'wrong-password', '10.1.0.1'];
    const { counts, replies } = await simultaneously(times(200, wrong));
    expect(counts).toEqual({ 401: 5, 429: 195 });
    const refused = replies.find((r) => r.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(refused?.json().message).toBe(
      'Too many failed sign-in attempts. Try again in 1 second.',
    );

    // The refused attempts were not failures: the first delay is still 1 s.
    clock.now += 1000;
    expect((await simultaneously(times(20, wrong))).counts).toEqual({ 401: 1, 429: 19 });
    const doubled = await login(...wrong);
    expect(doubled.headers['retry-after']).toBe('2');
    expect(doubled.json().message).toBe(
      'Too many failed sign-in attempts. Try again in 2 seconds.',
    );
    clock.now += 1999;
    expect((await login(...wrong)).statusCode).toBe(429);
    clock.now += 1;
    expect((await simultaneously(times(20, wrong))).counts).toEqual({ 401: 1, 429: 19 });
    expect((await login(...wrong)).headers['retry-after']).toBe('4');

    // The right password waits too, or the delay would tell a guesser when it has found it.
    expect((await login('admin', ADMIN_PASSWORD, '10.1.0.1')).statusCode).toBe(429);
    clock.now += 4000;
    expect((await login('admin', ADMIN_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
    expect(await throttles()).toEqual([]);
    const { counts: afresh } = await simultaneously(times(6, wrong));
    expect(afresh).toEqual({ 401: 5, 429: 1 });
  });

  it('never keeps a username from signing in from another address', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('admin', 'wrong-password', '10.2.0.1')).statusCode).toBe(401);
    }
    expect((await login('admin', ADMIN_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login('admin', ADMIN_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('lets other usernames sign in from a throttled address until the address limit', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('admin', 'wrong-password', '10.3.0.1')).statusCode).toBe(401);
    }
    expect((await login('admin', ADMIN_PASSWORD, '10.3.0.1')).statusCode).toBe(429);
    expect((await login('sam.supervisor', USER_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    const spray = Array.from({ length: 25 }, (_, i): [string, string, string] => [
      `guess-${i}`,
      'wrong-password',
      '10.3.0.1',
    ]);
    expect((await simultaneously(spray)).counts).toEqual({ 401: 25 });
    // A success does not forget the address's failures: a sprayer cannot reset them that way.
    expect((await login('sam.supervisor', USER_PASSWORD, '10.3.0.1')).statusCode).toBe(429);
    expect((await login('sam.supervisor', USER_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    const wrong: [string, string, string] = ['olga.operator', 'wrong-password', '10.4.0.1'];
    expect((await simultaneously(times(4, wrong))).counts).toEqual({ 401: 4 });
    clock.now += 15 * 60_000;
    expect((await simultaneously(times(6, wrong))).counts).toEqual({ 401: 5, 429: 1 });
    expect(await throttles()).toMatchObject([{ address: '10.4.0.1', failures: 5 }]);
    clock.now += 15 * 60_000;
    expect(await throttles()).toEqual([]);
    expect((await login('olga.operator', USER_PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });
});

describe('sign-in throttling never locks out for good', () => {
  it('caps the wait at LOGIN_MAX_DELAY however long the guessing goes on, then lets the right password in', async () => {
    const address = '10.6.0.1';
    let retryAfter = 0;
    for (let i = 0; i < 20; i++) {
      const wrong = await login('sam.supervisor', 'wrong-password', address);
      if (wrong.statusCode === 429) {
        retryAfter = Number(wrong.headers['retry-after']);
        clock.now += retryAfter * 1000;
      }
    }
    // Default maximum delay: 60 s.
    expect(retryAfter).toBe(60);
    clock.now += 60_000;
    expect((await login('sam.supervisor', 'wrong-password', address)).statusCode).toBe(401);
    const waiting = await login('sam.supervisor', USER_PASSWORD, address);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('60');
    clock.now += 60_000;
    expect((await login('sam.supervisor', USER_PASSWORD, address)).statusCode).toBe(200);
  });
});

describe('sign-in throttling per address', () => {
  it('holds its limit exactly under 200 simultaneous wrong passwords over 50 usernames', async () => {
    const spray = Array.from({ length: 200 }, (_, i): [string, string, string] => [
      `user-${i % 50}`,
      'wrong-password',
      '10.5.0.1',
    ]);
    expect((await simultaneously(spray)).counts).toEqual({ 401: 30, 429: 170 });
    expect((await login('admin', ADMIN_PASSWORD, '10.5.0.1')).statusCode).toBe(429);
    expect(await throttles()).toMatchObject([
      { kind: 'address', username: null, address: '10.5.0.1', failures: 30 },
    ]);
    clock.now += 1000;
    expect((await login('admin', ADMIN_PASSWORD, '10.5.0.1')).statusCode).toBe(200);
  });
});

describe('the administrator and sign-in throttles', () => {
  it('lists the throttles, clears one at once and clears them all', async () => {
    for (let i = 0; i < 5; i++) await login('Olga.Operator', 'wrong-password', '10.6.0.1');
    const spray = Array.from({ length: 30 }, (_, i): [string, string, string] => [
      `guess-${i}`,
      'wrong-password',
      '10.6.0.2',
    ]);
    await simultaneously(spray);
    clock.now += 500;
    const listed = await throttles();
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        kind: 'username and address',
        username: 'olga.operator',
        address: '10.6.0.1',
        failures: 5,
        retry_at: new Date(clock.now + 500).toISOString(),
        retry_after_seconds: 1,
      },
      {
        id: expect.any(Number),
        kind: 'address',
        username: null,
        address: '10.6.0.2',
        failures: 30,
        retry_at: new Date(clock.now + 500).toISOString(),
        retry_after_seconds: 1,
      },
    ]);

    const admin = t.as(Role.Administrator);
    const olga = listed[0]?.id ?? 0;
    expect((await login('olga.operator', USER_PASSWORD, '10.6.0.1')).statusCode).toBe(429);
    expect(await admin('DELETE', `/api/user/throttles/${olga}`)).toEqual({
      status: 200,
      body: { message: 'Sign-in throttle cleared' },
    });
    expect((await login('olga.operator', USER_PASSWORD, '10.6.0.1')).statusCode).toBe(200);
    expect(await admin('DELETE', `/api/user/throttles/${olga}`)).toMatchObject({
      status: 404,
      body: { message: 'That sign-in is no longer being slowed down.' },
    });

    expect((await login('admin', ADMIN_PASSWORD, '10.6.0.2')).statusCode).toBe(429);
    expect(await admin('DELETE', '/api/user/throttles')).toEqual({
      status: 200,
      body: { message: 'Sign-in throttles cleared' },
    });
    expect(await throttles()).toEqual([]);
    expect((await login('admin', ADMIN_PASSWORD, '10.6.0.2')).statusCode).toBe(200);
  });

  it('is for administrators only', async () => {
    for (const role of [Role.Supervisor, Role.Operator]) {
      expect((await t.as(role)('GET', '/api/user/throttles')).status).toBe(403);
      expect((await t.as(role)('DELETE', '/api/user/throttles')).status).toBe(403);
      expect((await t.as(role)('DELETE', '/api/user/throttles/1')).status).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/throttles' });
    expect(anonymous.statusCode).toBe(401);
  });
});
