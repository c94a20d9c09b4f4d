import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  Role,
  TOTP_REQUIRED_ERROR,
  type AuditPage,
  type LogEvent,
  type TotpEnrolment,
} from '@roastery/contract';
import { buildTestApp, testUsers, type TestApp } from '../../../test/helper.ts';

// Two failures per username and address before sign-ins slow down.
let t: TestApp;
const clock = { now: Date.parse('2026-03-02T08:00:00Z') };
const STEP_MS = 30_000;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES_PER_USER: '2' }, { signInClock: () => clock.now });
});
afterAll(() => t.close());
// Each test starts a quarter of an hour on: codes and failures of the others are past.
beforeEach(() => {
  clock.now += 15 * 60_000;
});

/** The code an authenticator app shows now, as a person would type it. */
function codeOf(secret: string, at = clock.now): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

function login(body: object, address = '10.9.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'totp.admin', password: 'totp-admin-pass', ...body },
    remoteAddress: address,
  });
}

let adminToken: string;
const as = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${adminToken}` },
    remoteAddress: '10.9.0.1',
    ...(payload ? { payload } : {}),
  });

let totpAdminId: number;

/** Enrols the administrator afresh, as the app would after scanning the QR code. */
async function enrolled(): Promise<string> {
  const removed = await t.as(Role.Administrator)('DELETE', `/api/user/${totpAdminId}/totp`);
  expect([200, 404]).toContain(removed.status);
  const enrol = await as('POST', '/api/user/totp/enrol');
  expect(enrol.statusCode).toBe(200);
  const { secret } = enrol.json<TotpEnrolment>();
  expect((await as('POST', '/api/user/totp/confirm', { code: codeOf(secret) })).statusCode).toBe(
    200,
  );
  clock.now += STEP_MS;
  return secret;
}

describe('two-step sign-in (TOTP)', () => {
  beforeAll(async () => {
    ({ id: totpAdminId } = await t.services.users.create(
      {
        full_name: 'Totp Admin',
        username: 'totp.admin',
        user_role: Role.Administrator,
        password: 'totp-admin-pass',
      },
      'Test setup',
    ));
    adminToken = (await login({})).json<{ token: string }>().token;
  });

  it('enrols with a secret and its otpauth URL, and is off until a code confirms it', async () => {
    const enrol = await as('POST', '/api/user/totp/enrol');
    const { secret, otpauth_url } = enrol.json<TotpEnrolment>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/Roastery%20Console:totp.admin?issuer=Roastery%20Console&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect((await as('GET', '/api/user/totp')).json()).toEqual({ enabled: false });
    expect((await login({})).statusCode).toBe(200);
    const wrong = await as('POST', '/api/user/totp/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const right = await as('POST', '/api/user/totp/confirm', { code: codeOf(secret) });
    expect(right.json()).toEqual({ message: 'Two-step sign-in is on' });
    expect((await as('GET', '/api/user/totp')).json()).toEqual({ enabled: true });
    const again = await as('POST', '/api/user/totp/enrol');
    expect(again.statusCode).toBe(409);
    // A lost phone: another administrator removes it, and the password alone signs in.
    expect((await t.as(Role.Administrator)('DELETE', `/api/user/${totpAdminId}/totp`)).status).toBe(
      200,
    );
    expect((await login({})).statusCode).toBe(200);
  });

  it('asks for the code after the password, takes the right one once, and refuses a wrong one', async () => {
    const secret = await enrolled();
    const asked = await login({});
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({
      error: TOTP_REQUIRED_ERROR,
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    // A wrong password never reveals whether a code would be asked.
    expect((await login({ password: 'wrong-password' })).json()).toMatchObject({
      error: 'Unauthorized',
      message: 'Invalid username or password',
    });
    const code = codeOf(secret);
    const signedIn = await login({ code });
    expect(signedIn.statusCode).toBe(200);
    const replayed = await login({ code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json<{ message: string }>().message).toBe(
      'The code is not correct, or it was already used. Wait for the next code.',
    );
    clock.now += STEP_MS;
    expect((await login({ code: codeOf(secret) })).statusCode).toBe(200);
    // A code from long ago is no good.
    clock.now += STEP_MS;
    expect((await login({ code: codeOf(secret, clock.now - 10 * STEP_MS) })).statusCode).toBe(401);
  });

  it('slows down wrong codes as it does wrong passwords', async () => {
    const secret = await enrolled();
    const address = '10.9.9.9';
    expect((await login({ code: '111111' }, address)).statusCode).toBe(401);
    expect((await login({ code: '222222' }, address)).statusCode).toBe(401);
    const throttled = await login({ code: codeOf(secret) }, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('1');
    // Never for good: after the wait the right code gets in.
    clock.now += 1000;
    expect((await login({ code: codeOf(secret) }, address)).statusCode).toBe(200);
  });

  it('turns off with a current code only', async () => {
    const secret = await enrolled();
    adminToken = (await login({ code: codeOf(secret) })).json<{ token: string }>().token;
    clock.now += STEP_MS;
    expect((await as('POST', '/api/user/totp/disable', { code: '123456' })).statusCode).toBe(422);
    const off = await as('POST', '/api/user/totp/disable', { code: codeOf(secret) });
    expect(off.json()).toEqual({ message: 'Two-step sign-in is off' });
    expect((await login({})).statusCode).toBe(200);
    expect((await as('POST', '/api/user/totp/disable', { code: '123456' })).statusCode).toBe(422);
  });

  it("asks for a current code or the password to remove one's own factor through the administrators' route", async () => {
    const secret = await enrolled();
    adminToken = (await login({ code: codeOf(secret) })).json<{ token: string }>().token;
    clock.now += STEP_MS;
    const own = `/api/user/${totpAdminId}/totp`;
    const refused = [
      [undefined, 'Give a current code from your authenticator app, or your password.'],
      [
        { code: '123456' },
        'The code is not correct, or it was already used. Wait for the next code.',
      ],
      [{ password: 'not-the-password' }, 'The password is not correct.'],
    ] as const;
    for (const [payload, message] of refused) {
      const reply = await as('DELETE', own, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(422);
      expect(reply.json()).toMatchObject({ message });
    }
    expect((await as('GET', '/api/user/totp')).json()).toEqual({ enabled: true });
    // The wrong code and password counted as failed sign-ins: past the limit of two, a wait.
    expect((await as('DELETE', own, { password: 'totp-admin-pass' })).statusCode).toBe(429);
    clock.now += 1000;
    expect((await login({})).json()).toMatchObject({ error: TOTP_REQUIRED_ERROR });
    const byCode = await as('DELETE', own, { code: codeOf(secret) });
    expect(byCode.json()).toEqual({ message: 'Two-step sign-in removed' });
    expect((await as('GET', '/api/user/totp')).json()).toEqual({ enabled: false });

    await enrolled();
    const byPassword = await as('DELETE', own, { password: 'totp-admin-pass' });
    expect(byPassword.statusCode).toBe(200);
    expect((await login({})).statusCode).toBe(200);
  });

  it("removes another user's factor without a code, in the events log and the audit log", async () => {
    await enrolled();
    const removed = await t.as(Role.Administrator)('DELETE', `/api/user/${totpAdminId}/totp`);
    expect(removed).toEqual({ status: 200, body: { message: 'Two-step sign-in removed' } });
    expect((await login({})).statusCode).toBe(200);

    await t.services.eventRecorder.settled();
    const events = await t.as(Role.Administrator)<{ data: LogEvent[] }>('POST', '/api/event', {
      where: { kind: 'config', search: "'totp.admin" },
      limit: 10,
    });
    expect(events.body.data.map((e) => [e.event_description, e.user])).toContainEqual([
      "User 'totp.admin': two-step sign-in removed",
      testUsers[Role.Administrator].full_name,
    ]);
    await t.services.audit.flush();
    const audit = await t.as(Role.Administrator)<AuditPage>(
      'GET',
      '/api/audit?user=admin&text=totp&limit=1',
    );
    expect(audit.body.data).toMatchObject([
      {
        user_name: 'admin',
        action: 'DELETE /api/user/:id/totp',
        target: expect.stringContaining(String(totpAdminId)),
        result: '200 OK',
      },
    ]);
  });

  it('keeps the secret encrypted in the database', async () => {
    const secret = await enrolled();
    const rows = await t.database.db.execute(sql`select secret from user_totp`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).toContain('v1.');
  });

  it('validates the code and the role', async () => {
    const bad = await as('POST', '/api/user/totp/confirm', { code: '12ab56' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('The code is 6 digits');
    const badLogin = await login({ code: '12' });
    expect(badLogin.statusCode).toBe(400);
    for (const role of [Role.Supervisor, Role.Operator] as const) {
      expect((await t.as(role)('POST', '/api/user/totp/enrol')).status).toBe(403);
    }
    expect((await t.as(Role.Administrator)('DELETE', '/api/user/999999/totp')).status).toBe(404);
  });
});
