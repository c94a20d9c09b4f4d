import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@roastery/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function login(username: string, password: string, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password },
    remoteAddress: ip,
  });
}

function refresh(refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/refresh_token',
    payload: { refreshToken },
  });
}

function me(token: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('POST /api/user/login', () => {
  it('returns the full name, tokens and role', async () => {
    const res = await login('admin', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ full_name: 'Administrator', role: Role.Administrator });
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(40);
    expect((await me(body.token)).json()).toMatchObject({ username: 'admin', role: 1 });
  });

  it('matches the username case-insensitively', async () => {
    const res = await login('ADMIN', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it('gives the same reply for a wrong username and a wrong password', async () => {
    const wrongUser = await login('nobody-here', 'whatever-1', '10.0.0.2');
    const wrongPassword = await login('olga.operator', 'whatever-1', '10.0.0.2');
    expect(wrongUser.statusCode).toBe(401);
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongUser.json()).toEqual(wrongPassword.json());
    expect(wrongUser.json().message).toBe('Invalid username or password');
  });

  it('answers 400 with the field messages for missing fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Please enter your username');
    expect(res.json().message).toContain('Please enter your password');
  });

  it('refuses an oversized username or password before hashing or throttling it', async () => {
    const long = await login('a'.repeat(65), 'x'.repeat(257));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(
      'username: Username must be at most 64 characters; password: Password must be at most 256 characters.',
    );
  });

  it('answers 400 for malformed JSON and for unknown fields', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Bad Request' });
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD, role: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain('role');
  });
});

describe('POST /api/user/refresh_token', () => {
  it('rotates the refresh token and issues a working access token', async () => {
    const first = (await login('sam.supervisor', 'user-pass-123')).json();
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.token)).statusCode).toBe(200);
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole sign-in when a spent token is presented again', async () => {
    const first = (await login('sam.supervisor', 'user-pass-123')).json();
    const second = (await refresh(first.refreshToken)).json();
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toMatch(/session has ended/);
    // The thief's reuse also ends the legitimate holder's newer token.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('refuses an unknown token', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const short = await buildTestApp({ REFRESH_TOKEN_TTL: '1s' });
    try {
      const body = (
        await short.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { username: 'admin', password: ADMIN_PASSWORD },
        })
      ).json();
      await new Promise((r) => setTimeout(r, 1100));
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/user/refresh_token',
        payload: { refreshToken: body.refreshToken },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('access tokens', () => {
  it('refuses a missing, forged or expired token with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidmVyIjowfQ.c2lnbmF0dXJl';
    expect((await me(forged)).statusCode).toBe(401);
    const short = await buildTestApp({ ACCESS_TOKEN_TTL: '1s' });
    try {
      const token = await short.tokenFor(Role.Operator);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.app.inject({
        method: 'GET',
        url: '/api/user/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('PUT /api/user/reset-password', () => {
  it('enforces the minimum length on the server', async () => {
    const token = await t.tokenFor(Role.Operator);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/reset-password',
      headers: { authorization: `Bearer ${token}` },
      payload: { oldPassword: 'user-pass-123', newPassword: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Password length must be greater than 6 characters.');
  });

  it('refuses a wrong old password and changes nothing', async () => {
    const token = await t.tokenFor(Role.Operator);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/reset-password',
      headers: { authorization: `Bearer ${token}` },
      payload: { oldPassword: 'not-my-password', newPassword: 'new-password-1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The old password is not correct.');
    expect((await login('olga.operator', 'user-pass-123')).statusCode).toBe(200);
  });

  it('changes the password, ends every other session and keeps this one', async () => {
    const user = await t.services.users.create(
      {
        full_name: 'Pat Changer',
        username: 'pat.changer',
        user_role: Role.Supervisor,
        password: 'first-password',
      },
      'Test setup',
    );
    const other = (await login('pat.changer', 'first-password')).json();
    const mine = (await login('pat.changer', 'first-password')).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/reset-password',
      headers: { authorization: `Bearer ${mine.token}` },
      payload: { oldPassword: 'first-password', newPassword: 'second-password' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(fresh.message).toBe('Password changed');
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await me(mine.token)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await me(fresh.token)).json()).toMatchObject({ id: user.id });
    expect((await refresh(fresh.refreshToken)).statusCode).toBe(200);
    expect((await login('pat.changer', 'first-password')).statusCode).toBe(401);
    expect((await login('pat.changer', 'second-password')).statusCode).toBe(200);
  });
});

describe('POST /api/user/admin-reset-password', () => {
  it("sets another user's password and ends that user's sessions", async () => {
    const user = await t.services.users.create(
      {
        full_name: 'Forgetful Fred',
        username: 'fred',
        user_role: Role.Operator,
        password: 'fred-password',
      },
      'Test setup',
    );
    const fred = (await login('fred', 'fred-password')).json();
    const admin = await t.tokenFor(Role.Administrator);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/admin-reset-password',
      headers: { authorization: `Bearer ${admin}` },
      payload: { user_id: user.id, newPassword: 'fred-new-password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(fred.token)).statusCode).toBe(401);
    expect((await refresh(fred.refreshToken)).statusCode).toBe(401);
    expect((await login('fred', 'fred-new-password')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a short password', async () => {
    const admin = await t.tokenFor(Role.Administrator);
    const call = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/admin-reset-password',
        headers: { authorization: `Bearer ${admin}` },
        payload,
      });
    expect((await call({ user_id: 99999, newPassword: 'long-enough' })).statusCode).toBe(404);
    const short = await call({ user_id: 1, newPassword: '123456' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Password length must be greater than 6 characters.');
  });
});

describe('POST /api/user/logout', () => {
  it('ends the sign-in of the given refresh token', async () => {
    const body = (await login('olga.operator', 'user-pass-123')).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      payload: { refreshToken: body.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(body.refreshToken)).statusCode).toBe(401);
  });
});
