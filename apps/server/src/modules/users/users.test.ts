import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@roastery/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor(Role.Administrator);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin}` },
    ...(payload ? { payload } : {}),
  });
}

describe('users', () => {
  it('lists the roles', async () => {
    const res = await call('GET', '/api/user/roles');
    expect(res.json()).toEqual([
      { role_id: 1, role_name: 'Administrator' },
      { role_id: 2, role_name: 'Supervisor' },
      { role_id: 3, role_name: 'Operator' },
      { role_id: 4, role_name: 'Quality technician' },
    ]);
  });

  it('lists users without their password hashes', async () => {
    const res = await call('GET', '/api/user');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((u: { username: string }) => u.username)).toEqual([
      'admin',
      'sam.supervisor',
      'olga.operator',
      'quinn.quality',
    ]);
    expect(list[0]).toMatchObject({
      full_name: 'Administrator',
      role: 1,
      role_name: 'Administrator',
    });
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('argon2');
  });

  it('creates a user who can then sign in', async () => {
    const res = await call('POST', '/api/user/create', {
      full_name: 'Rita Roaster',
      username: 'rita',
      user_role: Role.Operator,
      password: 'rita-password',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'rita', role: 3, role_name: 'Operator' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'rita', password: 'rita-password' },
    });
    expect(login.json()).toMatchObject({ full_name: 'Rita Roaster', role: 3 });
  });

  it('refuses a username that differs only in case, and changes nothing', async () => {
    const before = (await call('GET', '/api/user')).json().length;
    const res = await call('POST', '/api/user/create', {
      full_name: 'Another Admin',
      username: 'Admin',
      user_role: Role.Administrator,
      password: 'long-enough',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("The username 'Admin' is already taken.");
    expect((await call('GET', '/api/user')).json()).toHaveLength(before);
  });

  it('validates the create body', async () => {
    const res = await call('POST', '/api/user/create', {
      full_name: '',
      username: 'has space',
      user_role: 7,
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const message = res.json().message;
    expect(message).toContain('Please enter the full name');
    expect(message).toContain('Username may contain');
    expect(message).toContain('Unknown role');
    expect(message).toContain('Password length must be greater than 6 characters.');
  });

  it('updates a user', async () => {
    const created = (
      await call('POST', '/api/user/create', {
        full_name: 'Paul Packer',
        username: 'paul',
        user_role: Role.Operator,
        password: 'paul-password',
      })
    ).json();
    const res = await call('PUT', `/api/user/${created.id}`, {
      full_name: 'Paul P. Packer',
      user_role: Role.Supervisor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Paul P. Packer', role: 2, username: 'paul' });
    expect((await call('PUT', `/api/user/${created.id}`, {})).statusCode).toBe(400);
    expect((await call('PUT', '/api/user/99999', { full_name: 'X' })).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/user/${created.id}`, { username: 'SAM.supervisor' })).statusCode,
    ).toBe(409);
  });

  it('keeps at least one administrator and protects the own account', async () => {
    const own = await call('DELETE', '/api/user/1');
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe('You cannot delete your own account.');
    const demote = await call('PUT', '/api/user/1', { user_role: Role.Operator });
    expect(demote.statusCode).toBe(422);
    const second = (
      await call('POST', '/api/user/create', {
        full_name: 'Second Admin',
        username: 'admin2',
        user_role: Role.Administrator,
        password: 'admin2-password',
      })
    ).json();
    const token2 = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'admin2', password: 'admin2-password' },
      })
    ).json().token;
    // With two administrators, one may remove the other; then the last one stays.
    expect((await call('DELETE', `/api/user/${second.id}`)).statusCode).toBe(200);
    const ghost = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token2}` },
    });
    expect(ghost.statusCode).toBe(401);
    expect((await call('DELETE', `/api/user/${second.id}`)).statusCode).toBe(404);
  });

  it('refuses to remove or demote the last administrator, whoever asks', async () => {
    const solo = await buildTestApp();
    try {
      const supervisorId = (await solo.services.users.list()).find((u) => u.role === 2)?.id ?? 0;
      await expect(
        solo.services.users.delete({ id: supervisorId, fullName: 'Supervisor' }, 1),
      ).rejects.toMatchObject({
        statusCode: 409,
        message: 'The plant needs at least one administrator.',
      });
      await expect(
        solo.services.users.update({ id: supervisorId, fullName: 'Supervisor' }, 1, {
          user_role: Role.Operator,
        }),
      ).rejects.toMatchObject({ statusCode: 409 });
      expect((await solo.services.users.get(1)).role).toBe(Role.Administrator);
    } finally {
      await solo.close();
    }
  });

  it('creates the administrator only on an empty database', async () => {
    expect(await t.services.users.ensureInitialAdmin('another-password')).toBeUndefined();
  });
});
