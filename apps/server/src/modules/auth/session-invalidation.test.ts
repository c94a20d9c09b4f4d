import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type RoleId } from '@roastery/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { hashPassword } from './password-hasher.ts';
import { PrincipalCache, principalLoader, type CachedPrincipal } from './principal-cache.ts';
import { UserRepository } from '../users/user-repository.ts';

let t: TestApp;
let admin: string;
/**
 * Every statement the app sends. Without the plant nothing runs between requests, so what is
 * sent while a request is answered is that request's.
 */
let statements: string[] = [];
let people = 0;

beforeAll(async () => {
  t = await buildTestApp({}, { onQuery: (sql) => statements.push(sql) });
  admin = await t.tokenFor(Role.Administrator);
});
afterAll(() => t.close());

function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

const me = (token: string) => call(token, 'GET', '/api/user/me');

/** A new person with their own password, signed in once. */
async function signedInPerson(
  role: RoleId,
): Promise<{ id: number; username: string; token: string }> {
  people += 1;
  const username = `person.${people}`;
  const { id } = await t.services.users.create(
    {
      full_name: `Person ${people}`,
      username,
      user_role: role,
      password: 'first-password',
    },
    'Test setup',
  );
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password: 'first-password' },
  });
  return { id, username, token: login.json<{ token: string }>().token };
}

async function signIn(username: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

/** The statements the app sends while answering one request. */
async function statementsOf(token: string, url: string) {
  // The audit entries of earlier calls (the sign-in) are written in the background: let them
  // land first, so that only this request's statements are counted.
  await new Promise((resolve) => setImmediate(resolve));
  await t.services.audit.flush();
  statements = [];
  const res = await call(token, 'GET', url);
  return { status: res.statusCode, statements };
}

describe('authentication from the principal cache', () => {
  it('reads the user once, then answers authenticated calls without a query', async () => {
    const person = await signedInPerson(Role.Operator);
    const first = await statementsOf(person.token, '/api/user/me');
    expect(first.status).toBe(200);
    expect(first.statements).toHaveLength(1);
    expect(first.statements[0]).toMatch(/from "users"/);
    for (const url of ['/api/user/me', '/api/health/live', '/api/user/me']) {
      expect(await statementsOf(person.token, url)).toEqual({ status: 200, statements: [] });
    }
  });

  it('refuses the old token right after a password change; the new one works', async () => {
    const person = await signedInPerson(Role.Supervisor);
    expect((await me(person.token)).statusCode).toBe(200);
    const res = await call(person.token, 'PUT', '/api/user/reset-password', {
      oldPassword: 'first-password',
      newPassword: 'second-password',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(person.token)).statusCode).toBe(401);
    expect((await me(res.json<{ token: string }>().token)).statusCode).toBe(200);
  });

  it("refuses the old token right after an administrator's reset; the new one works", async () => {
    const person = await signedInPerson(Role.Operator);
    expect((await me(person.token)).statusCode).toBe(200);
    const res = await call(admin, 'POST', '/api/user/admin-reset-password', {
      user_id: person.id,
      newPassword: 'reset-password',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(person.token)).statusCode).toBe(401);
    expect((await me(await signIn(person.username, 'reset-password'))).statusCode).toBe(200);
  });

  it('refuses the old token right after a role change; a new sign-in has the new role', async () => {
    const person = await signedInPerson(Role.Administrator);
    expect((await call(person.token, 'GET', '/api/user')).statusCode).toBe(200);
    const res = await call(admin, 'PUT', `/api/user/${person.id}`, { user_role: Role.Operator });
    expect(res.statusCode).toBe(200);
    expect((await me(person.token)).statusCode).toBe(401);
    expect((await call(person.token, 'GET', '/api/user')).statusCode).toBe(401);
    const fresh = await signIn(person.username, 'first-password');
    expect((await me(fresh)).json()).toMatchObject({ id: person.id, role: Role.Operator });
    expect((await call(fresh, 'GET', '/api/user')).statusCode).toBe(403);
  });

  it('shows a new name at once and keeps the session', async () => {
    const person = await signedInPerson(Role.Operator);
    expect((await me(person.token)).json()).toMatchObject({ full_name: `Person ${people}` });
    const res = await call(admin, 'PUT', `/api/user/${person.id}`, { full_name: 'Renamed Person' });
    expect(res.statusCode).toBe(200);
    expect((await me(person.token)).json()).toMatchObject({ full_name: 'Renamed Person' });
  });

  it('refuses the token right after the user is deleted', async () => {
    const person = await signedInPerson(Role.Supervisor);
    expect((await me(person.token)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/user/${person.id}`)).statusCode).toBe(200);
    expect((await me(person.token)).statusCode).toBe(401);
  });
});

describe('PrincipalCache', () => {
  /** A cache over the real users table whose first load, once it has read its row, waits. */
  function heldCache() {
    const load = principalLoader(new UserRepository(t.database.db));
    let loads = 0;
    const hasRead = Promise.withResolvers<undefined>();
    const release = Promise.withResolvers<undefined>();
    const cache = new PrincipalCache(async (userId) => {
      loads += 1;
      const loaded = await load(userId);
      if (loads === 1) {
        hasRead.resolve(undefined);
        await release.promise;
      }
      return loaded;
    });
    return {
      cache,
      hasRead: hasRead.promise,
      letGo: () => release.resolve(undefined),
      loads: () => loads,
    };
  }

  async function bumpVersion(userId: number): Promise<void> {
    await new UserRepository(t.database.db).setPassword(userId, await hashPassword('bumped-pw'));
  }

  it('does not keep what a load read before an invalidation that came while it ran', async () => {
    const person = await signedInPerson(Role.Operator);
    const { cache, hasRead, letGo, loads } = heldCache();
    const inFlight = cache.get(person.id);
    await hasRead;
    await bumpVersion(person.id);
    cache.invalidate(person.id);
    letGo();
    const stale = (await inFlight) as CachedPrincipal;
    const fresh = (await cache.get(person.id)) as CachedPrincipal;
    expect(fresh.tokenVersion).toBe(stale.tokenVersion + 1);
    expect(loads()).toBe(2);
    expect(await cache.get(person.id)).toBe(fresh);
    expect(loads()).toBe(2);
  });

  it('keeps a load that no invalidation overtook, and shares it between callers', async () => {
    const person = await signedInPerson(Role.Operator);
    const { cache, hasRead, letGo, loads } = heldCache();
    const first = cache.get(person.id);
    const second = cache.get(person.id);
    await hasRead;
    letGo();
    const loaded = await first;
    expect(await second).toBe(loaded);
    expect(cache.get(person.id)).toBe(loaded);
    expect(loads()).toBe(1);
  });
});
