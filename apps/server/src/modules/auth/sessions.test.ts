import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type UserSession } from '@roastery/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let people = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface SignIn {
  token: string;
  refreshToken: string;
}

async function signIn(username: string, address: string, userAgent: string): Promise<SignIn> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password: 'first-password' },
    remoteAddress: address,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return res.json<SignIn>();
}

async function person(): Promise<{ id: number; username: string }> {
  people += 1;
  const username = `session.person.${people}`;
  const { id } = await t.services.users.create(
    {
      full_name: `Session Person ${people}`,
      username,
      user_role: Role.Supervisor,
      password: 'first-password',
    },
    'Test setup',
  );
  return { id, username };
}

const me = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${token}` },
  });

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/refresh_token', payload: { refreshToken } });

async function sessionsOf(id: number): Promise<UserSession[]> {
  const res = await t.as(Role.Administrator)<UserSession[]>('GET', `/api/user/${id}/sessions`);
  expect(res.status).toBe(200);
  return res.body;
}

describe("a user's sessions", () => {
  it('lists each live sign-in with where it came from and when it was last renewed', async () => {
    const p = await person();
    const desk = await signIn(p.username, '10.0.0.5', 'Desk browser');
    await signIn(p.username, '10.0.0.6', 'Tablet browser');
    const before = await sessionsOf(p.id);
    expect(before).toHaveLength(2);
    expect(before.map((s) => [s.address, s.user_agent]).sort()).toEqual([
      ['10.0.0.5', 'Desk browser'],
      ['10.0.0.6', 'Tablet browser'],
    ]);
    const deskBefore = before.find((s) => s.user_agent === 'Desk browser');
    expect((await refresh(desk.refreshToken)).statusCode).toBe(200);
    const after = await sessionsOf(p.id);
    expect(after).toHaveLength(2);
    const deskAfter = after.find((s) => s.id === deskBefore?.id);
    expect(deskAfter?.created_at).toBe(deskBefore?.created_at);
    expect(Date.parse(deskAfter?.last_used_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(deskBefore?.last_used_at ?? ''),
    );
  });

  it('ends one sign-in: it must sign in again, the others renew their tokens and go on', async () => {
    const p = await person();
    const desk = await signIn(p.username, '10.0.0.5', 'Desk browser');
    const tablet = await signIn(p.username, '10.0.0.6', 'Tablet browser');
    const listed = await sessionsOf(p.id);
    const deskSession = listed.find((s) => s.user_agent === 'Desk browser');
    const tabletSession = listed.find((s) => s.user_agent === 'Tablet browser');
    const ended = await t.as(Role.Administrator)(
      'DELETE',
      `/api/user/${p.id}/sessions/${deskSession?.id}`,
    );
    expect(ended).toEqual({ status: 200, body: { message: 'Session ended' } });
    expect((await me(desk.token)).statusCode).toBe(401);
    expect((await refresh(desk.refreshToken)).statusCode).toBe(401);
    // The tablet's access token stopped too (one version per user); its refresh token renews it.
    expect((await me(tablet.token)).statusCode).toBe(401);
    const renewed = await refresh(tablet.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json<SignIn>().token)).statusCode).toBe(200);
    expect((await sessionsOf(p.id)).map((s) => s.id)).toEqual([tabletSession?.id]);
    const again = await t.as(Role.Administrator)(
      'DELETE',
      `/api/user/${p.id}/sessions/${deskSession?.id}`,
    );
    expect(again).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'That session has already ended.' }) as unknown,
    });
  });

  it('ends every sign-in of a user at once', async () => {
    const p = await person();
    const a = await signIn(p.username, '10.0.0.5', 'A');
    const b = await signIn(p.username, '10.0.0.6', 'B');
    const res = await t.as(Role.Administrator)('DELETE', `/api/user/${p.id}/sessions`);
    expect(res).toEqual({ status: 200, body: { message: 'All sessions ended' } });
    for (const s of [a, b]) {
      expect((await me(s.token)).statusCode).toBe(401);
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    }
    expect(await sessionsOf(p.id)).toEqual([]);
  });

  it("never ends another user's session by its id", async () => {
    const p = await person();
    const q = await person();
    await signIn(p.username, '10.0.0.5', 'P');
    const [pSession] = await sessionsOf(p.id);
    const res = await t.as(Role.Administrator)(
      'DELETE',
      `/api/user/${q.id}/sessions/${pSession?.id}`,
    );
    expect(res.status).toBe(404);
    expect(await sessionsOf(p.id)).toHaveLength(1);
  });

  it('answers unknown users and sessions clearly, and keeps an administrator from ending all of their own', async () => {
    const admin = t.as(Role.Administrator);
    expect((await admin('GET', '/api/user/999999/sessions')).status).toBe(404);
    expect((await admin('DELETE', '/api/user/999999/sessions')).status).toBe(404);
    const bad = await admin('DELETE', '/api/user/1/sessions/not-a-session');
    expect(bad).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'That session has already ended.' }) as unknown,
    });
    const me = await admin<{ id: number }>('GET', '/api/user/me');
    const own = await admin('DELETE', `/api/user/${me.body.id}/sessions`);
    expect(own).toEqual({
      status: 422,
      body: expect.objectContaining({
        message: 'You cannot end all of your own sessions here. Sign out instead.',
      }) as unknown,
    });
  });

  it('is for administrators only', async () => {
    const p = await person();
    for (const role of [Role.Supervisor, Role.Operator] as const) {
      expect((await t.as(role)('GET', `/api/user/${p.id}/sessions`)).status).toBe(403);
      expect((await t.as(role)('DELETE', `/api/user/${p.id}/sessions`)).status).toBe(403);
    }
  });
});
