import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  type AuditEntry,
  type AuditPage,
  type AuditVerification,
  type ActiveNotifications,
} from '@roastery/contract';
import { buildTestApp, eventually, USER_PASSWORD, type TestApp } from '../../../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function entries(query = ''): Promise<AuditPage> {
  await t.services.audit.flush();
  const res = await t.as(Role.Administrator)<AuditPage>('GET', `/api/audit?limit=200${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function verify(): Promise<AuditVerification> {
  await t.services.audit.flush();
  const res = await t.as(Role.Administrator)<AuditVerification>('GET', '/api/audit/verify');
  expect(res.status).toBe(200);
  return res.body;
}

function login(username: string, password: string, remoteAddress = '10.1.2.3') {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password },
    remoteAddress,
  });
}

describe('audit log', () => {
  it('records sign-ins, accepted and refused, with the address and no password', async () => {
    expect((await login('sam.supervisor', USER_PASSWORD)).statusCode).toBe(200);
    expect((await login('sam.supervisor', 'not-the-password-42')).statusCode).toBe(401);
    const { data } = await entries('&category=auth&user=sam.supervisor');
    expect(data.slice(0, 2)).toMatchObject([
      {
        category: 'auth',
        action: 'sign-in',
        user_name: 'sam.supervisor',
        address: '10.1.2.3',
        result: '401 Unauthorized',
      },
      { category: 'auth', action: 'sign-in', result: '200 OK' },
    ]);
    const everything = JSON.stringify((await entries()).data);
    expect(everything).not.toContain(USER_PASSWORD);
    expect(everything).not.toContain('not-the-password-42');
  });

  it('records a changing call with who, the area, the route and the ids it named, never the body', async () => {
    const secret = 'brand-new-secret-99';
    const created = await t.as(Role.Administrator)<{ id: number }>('POST', '/api/user/create', {
      full_name: 'Pat Audited',
      username: 'pat.audited',
      user_role: Role.Operator,
      password: secret,
    });
    expect(created.status).toBe(201);
    const reset = await t.as(Role.Administrator)('POST', '/api/user/admin-reset-password', {
      user_id: created.body.id,
      newPassword: `${secret}-2`,
    });
    expect(reset.status).toBe(200);
    const { data } = await entries('&category=user');
    const [resetEntry, createEntry] = data;
    expect(resetEntry).toMatchObject({
      user_name: 'admin',
      category: 'user',
      action: 'POST /api/user/admin-reset-password',
      target: `user_id=${created.body.id}`,
      result: '200 OK',
    });
    expect(createEntry).toMatchObject({
      action: 'POST /api/user/create',
      result: '201 Created',
      target: null,
    });
    expect(JSON.stringify(data)).not.toContain(secret);
    expect(new Date(resetEntry?.at ?? '').toISOString()).toBe(resetEntry?.at);
  });

  it('records a permission denial, also of a call that changes nothing', async () => {
    const denied = await t.as(Role.Operator)('GET', '/api/user');
    expect(denied.status).toBe(403);
    const { data } = await entries('&user=olga.operator&text=403');
    expect(data[0]).toMatchObject({
      user_name: 'olga.operator',
      category: 'user',
      action: 'GET /api/user',
      result: '403 Forbidden',
    });
  });

  it('records alarm acknowledgements with the notification acknowledged', async () => {
    const raised = await t.services.notifications.raise({
      type: 'alarm',
      text: 'Roaster 1 drum overheated',
      by: 'console',
    });
    const ack = await t.as(Role.Supervisor)('POST', `/api/notification/ack/${raised?.id}`);
    expect(ack.status).toBe(200);
    const { data } = await entries('&category=notification');
    expect(data[0]).toMatchObject({
      user_name: 'sam.supervisor',
      action: 'POST /api/notification/ack/:id',
      target: `id=${raised?.id}`,
      result: '200 OK',
    });
  });

  it('searches by time range and text, a page at a time', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < 3; i++) {
      const res = await t.as(Role.Administrator)('POST', '/api/bean', {
        bean: { bean_name: `Audit Bean ${i}`, bins: [] },
      });
      expect(res.status).toBe(201);
    }
    const all = await entries(`&category=bean&from=${encodeURIComponent(before)}`);
    expect(all.total).toBe(3);
    const page2 = await t.as(Role.Administrator)<AuditPage>(
      'GET',
      `/api/audit?category=bean&limit=2&page=2`,
    );
    expect(page2.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.body.data).toHaveLength(1);
    const none = await entries(`&category=bean&to=${encodeURIComponent(before)}`);
    expect(none.total).toBe(0);
    const byText = await entries('&text=%2Fapi%2Fbean');
    expect(byText.data.every((e: AuditEntry) => e.action.includes('/api/bean'))).toBe(true);
    const categories = await t.as(Role.Administrator)<string[]>('GET', '/api/audit/categories');
    expect(categories.body).toEqual(expect.arrayContaining(['auth', 'bean', 'user']));
  });

  it('is for administrators only', async () => {
    expect((await t.as(Role.Supervisor)('GET', '/api/audit')).status).toBe(403);
    expect((await t.as(Role.Supervisor)('GET', '/api/audit/verify')).status).toBe(403);
  });

  it('keeps the chain linear under simultaneous calls', async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.as(Role.Administrator)('POST', '/api/bean', {
          bean: { bean_name: `Rush Bean ${i}`, bins: [] },
        }),
      ),
    );
    const result = await verify();
    expect(result).toMatchObject({ intact: true, broken_at: null });
    expect(result.checked).toBeGreaterThan(30);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    await t.services.audit.flush();
    const { db } = t.database;
    for (const statement of [
      sql`update audit_log set result = '200 OK'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    expect((await verify()).intact).toBe(true);
  });

  it('finds the first altered row when the log is tampered with behind the trigger', async () => {
    const { data } = await entries('&category=auth');
    const victim = data.at(-1);
    expect(victim).toBeDefined();
    const { db } = t.database;
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await db.execute(
        sql`update audit_log set result = '200 OK', user_name = 'someone.else' where id = ${victim?.id}`,
      );
    } finally {
      await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
    const result = await verify();
    expect(result).toMatchObject({ intact: false, broken_at: victim?.id });
    expect(result.message).toBe(
      `The audit log is broken at row ${victim?.id}: it was altered after it was written.`,
    );
  });
});

describe('audit log failure', () => {
  let f: TestApp;
  beforeAll(async () => {
    f = await buildTestApp();
  });
  afterAll(() => f.close());

  it('raises an alarm and never holds up the call it records', async () => {
    const { db } = f.database;
    await db.execute(sql`alter table audit_log rename to audit_log_moved`);
    try {
      const res = await f.as(Role.Supervisor)('POST', '/api/bean', {
        bean: { bean_name: 'Unaudited Bean', bins: [] },
      });
      expect(res.status).toBe(201);
      await f.services.audit.flush();
      const alarm = await eventually(async () => {
        const active = await f.as(Role.Administrator)<ActiveNotifications>(
          'GET',
          '/api/notification/active',
        );
        return active.body.data.find((n) =>
          n.text.startsWith('The audit log could not be written'),
        );
      }, 'the audit alarm');
      expect(alarm.type).toBe('alarm');
    } finally {
      await db.execute(sql`alter table audit_log_moved rename to audit_log`);
    }
  });
});
