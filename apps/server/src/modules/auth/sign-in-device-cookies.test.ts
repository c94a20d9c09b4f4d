import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role, type SignInThrottle } from '@roastery/contract';
import { ADMIN_PASSWORD, USER_PASSWORD, buildTestApp, type TestApp } from '../../../test/helper.ts';

// Default limits: 5 failures per username and address, 30 per address, a 15 minute window.
let t: TestApp;
const clock = { now: Date.parse('2026-04-06T08:00:00Z') };

beforeAll(async () => {
  t = await buildTestApp({}, { signInClock: () => clock.now });
});
afterAll(() => t.close());
// An hour on: every test starts with the failures of the others forgotten.
beforeEach(() => {
  clock.now += 60 * 60_000;
});

interface DeviceCookie {
  name: string;
  value: string;
}

function login(username: string, password: string, address: string, device?: DeviceCookie) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password },
    remoteAddress: address,
    ...(device ? { cookies: { [device.name]: device.value } } : {}),
  });
}

/** The device cookie a successful sign-in handed the browser. */
function deviceCookieOf(reply: Awaited<ReturnType<typeof login>>): DeviceCookie {
  expect(reply.statusCode).toBe(200);
  const [cookie, ...others] = reply.cookies;
  expect(others).toEqual([]);
  if (!cookie) throw new Error('no device cookie was set');
  return { name: cookie.name, value: cookie.value };
}

async function throttles(): Promise<SignInThrottle[]> {
  const { status, body } = await t.as(Role.Administrator)<SignInThrottle[]>(
    'GET',
    '/api/user/throttles',
  );
  expect(status).toBe(200);
  return body;
}

describe('device cookies (OWASP: slow down online guessing attacks with device cookies)', () => {
  it('hands a signed, HttpOnly, SameSite=Strict cookie for the sign-in route only', async () => {
    const reply = await login('admin', ADMIN_PASSWORD, '10.30.0.1');
    expect(reply.cookies).toEqual([
      {
        name: expect.stringMatching(/^device_[0-9a-f]{16}$/),
        value: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        path: '/api/user/login',
        maxAge: 365 * 86400,
        httpOnly: true,
        sameSite: 'Strict',
      },
    ]);
    // Over plain HTTP a Secure cookie would never come back; behind HTTPS it is Secure
    // (trusted-proxies.test.ts). Nothing else is set: no cookie for a refused sign-in.
    expect((await login('admin', 'wrong-password', '10.30.0.1')).cookies).toEqual([]);
    // Each person on a shared browser keeps a cookie of their own.
    const olga = deviceCookieOf(await login('olga.operator', USER_PASSWORD, '10.30.0.1'));
    expect(olga.name).not.toBe(deviceCookieOf(reply).name);
  });

  it("lets the administrator in every time through a sustained attack from the administrator's own address", async () => {
    const address = '10.31.0.1';
    let device = deviceCookieOf(await login('admin', ADMIN_PASSWORD, address));
    let attackerGuesses = 0;
    // 25 sign-ins over 75 s while someone at the same address guesses the password without pause.
    for (let round = 0; round < 25; round++) {
      for (let i = 0; i < 10; i++) {
        const guess = await login('admin', `guess-${round}-${i}`, address);
        if (guess.statusCode === 429) break;
        expect(guess.statusCode).toBe(401);
        attackerGuesses += 1;
      }
      const admin = await login('admin', ADMIN_PASSWORD, address, device);
      expect(admin.statusCode, `round ${round}`).toBe(200);
      device = deviceCookieOf(admin);
      // A browser that never signed in is still slowed down, right password or not.
      expect((await login('admin', ADMIN_PASSWORD, address)).statusCode).toBe(429);
      clock.now += 3000;
    }
    // The attacker got 5 guesses and then one per delay (1, 2, 4, 8, 16, 32 s): the
    // administrator's sign-ins never gave it fresh ones.
    expect(attackerGuesses).toBe(11);
    expect(await throttles()).toMatchObject([
      { kind: 'username and address', username: 'admin', address, failures: 11 },
    ]);
  });

  it('counts failures made with a device cookie against that cookie only, and slows it down', async () => {
    const address = '10.32.0.1';
    const device = deviceCookieOf(await login('sam.supervisor', USER_PASSWORD, address));
    for (let i = 0; i < 5; i++) {
      expect((await login('sam.supervisor', 'wrong-password', address, device)).statusCode).toBe(
        401,
      );
    }
    // The cookie is on the device lockout list; the right password with it waits too.
    const locked = await login('sam.supervisor', USER_PASSWORD, address, device);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('1');
    expect(await throttles()).toMatchObject([
      { kind: 'device', username: 'sam.supervisor', address, failures: 5 },
    ]);
    // Browsers without the cookie never had a failure counted against them.
    expect((await login('sam.supervisor', USER_PASSWORD, address)).statusCode).toBe(200);
    clock.now += 1000;
    expect((await login('sam.supervisor', USER_PASSWORD, address, device)).statusCode).toBe(200);
    expect(await throttles()).toEqual([]);
  });

  it("takes no altered cookie, nor another person's, as trusted", async () => {
    const address = '10.33.0.1';
    const admin = deviceCookieOf(await login('admin', ADMIN_PASSWORD, address));
    const olga = deviceCookieOf(await login('olga.operator', USER_PASSWORD, address));
    for (let i = 0; i < 5; i++) await login('admin', 'wrong-password', address);
    const [header, payload] = admin.value.split('.');
    const forged = [
      { name: admin.name, value: `${admin.value.slice(0, -2)}AA` },
      { name: admin.name, value: olga.value },
      { name: admin.name, value: `${header}.${payload}.` },
      { name: admin.name, value: 'not-a-cookie' },
    ];
    for (const device of forged) {
      expect((await login('admin', ADMIN_PASSWORD, address, device)).statusCode).toBe(429);
    }
    expect((await login('admin', ADMIN_PASSWORD, address, admin)).statusCode).toBe(200);
  });

  it('is let in by an administrator clearing the cookie from the throttles list', async () => {
    const address = '10.34.0.1';
    const device = deviceCookieOf(await login('olga.operator', USER_PASSWORD, address));
    for (let i = 0; i < 5; i++) await login('olga.operator', 'wrong-password', address, device);
    const [listed] = await throttles();
    expect(listed).toMatchObject({ kind: 'device', username: 'olga.operator' });
    expect(
      (await t.as(Role.Administrator)('DELETE', `/api/user/throttles/${listed?.id}`)).status,
    ).toBe(200);
    expect((await login('olga.operator', USER_PASSWORD, address, device)).statusCode).toBe(200);
  });
});
