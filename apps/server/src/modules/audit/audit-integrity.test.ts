import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, desc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@roastery/db';
import {
  Role,
  type ActiveNotifications,
  type AuditPage,
  type AuditVerification,
} from '@roastery/contract';
import { buildTestApp, eventually, type TestApp } from '../../../test/helper.ts';
import { auditHash } from './audit-chain.ts';
import { AuditHeadLog, type AuditHead } from './audit-head-log.ts';
import { auditKey } from './audit-key.ts';
import { AuditRepository } from './audit-repository.ts';
import { AuditService, type AuditRecord } from './audit-service.ts';
import { AuditSpool } from './audit-spool.ts';

const AUDIT_ALARM = 'The audit log could not be written';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The app's own key, read where the app keeps it: rows other writers add must chain with it. */
function appKey(): Promise<Buffer> {
  return auditKey(undefined, t.config.audit.folder);
}

async function publishedHeads(): Promise<AuditHead[]> {
  return (await new AuditHeadLog(t.config.audit.folder, await appKey()).read()).heads;
}

async function verify(): Promise<AuditVerification> {
  await t.services.audit.flush();
  const res = await t.as(Role.Administrator)<AuditVerification>('GET', '/api/audit/verify');
  expect(res.status).toBe(200);
  return res.body;
}

async function auditAlarms(app: TestApp) {
  const active = await app.as(Role.Administrator)<ActiveNotifications>(
    'GET',
    '/api/notification/active',
  );
  return active.body.data.filter((n) => n.text.startsWith(AUDIT_ALARM));
}

/** Runs `tamper` with the append-only trigger off, as the database's owner can, then undoes it. */
async function asDatabaseOwner(tamper: () => Promise<void>, check: () => Promise<void>) {
  await t.services.audit.flush();
  const { db } = t.database;
  const saved = await db.select().from(auditLog).orderBy(asc(auditLog.id));
  await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
  try {
    await tamper();
    await check();
  } finally {
    await db.delete(auditLog);
    await db.insert(auditLog).values(saved);
    await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  }
}

/** What someone without the key does: every row from `fromId` on sealed again as plain SHA-256. */
async function recomputeAsSha256(fromId: number, labelled: 'keep' | 'sha256') {
  const { db } = t.database;
  const rows = await db.select().from(auditLog).orderBy(asc(auditLog.id));
  let prevHash = '0'.repeat(64);
  for (const row of rows) {
    if (row.id >= fromId) {
      const hash = auditHash(prevHash, row);
      await db
        .update(auditLog)
        .set({ prevHash, hash, ...(labelled === 'sha256' ? { seal: 'sha256' } : {}) })
        .where(eq(auditLog.id, row.id));
      prevHash = hash;
    } else {
      prevHash = row.hash;
    }
  }
}

describe('audit text', () => {
  it('keeps every real change when a refused call carries a NUL, with one alarm at most', async () => {
    // Signed in before: the ten changes do not each sign in.
    expect((await t.as(Role.Supervisor)('GET', '/api/bean')).status).toBe(200);
    const nul = t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'ad\u0000min', password: 'whatever-123' },
      remoteAddress: '10.20.0.1',
    });
    const changes = Array.from({ length: 10 }, (_, i) =>
      t.as(Role.Supervisor)('POST', '/api/bean', {
        bean: { bean_name: `NUL Neighbour ${i}`, bins: [] },
      }),
    );
    const [refused, ...made] = await Promise.all([nul, ...changes]);
    expect(refused?.statusCode).toBe(400);
    expect(made.map((r) => r.status)).toEqual(Array(10).fill(201));
    await t.services.audit.flush();
    const beans = await t.as(Role.Administrator)<AuditPage>(
      'GET',
      '/api/audit?category=bean&user=sam.supervisor&limit=50',
    );
    expect(beans.body.total).toBe(10);
    const signIn = await t.as(Role.Administrator)<AuditPage>(
      'GET',
      `/api/audit?category=auth&text=400`,
    );
    expect(signIn.body.data[0]).toMatchObject({
      user_name: 'ad\\u0000min',
      result: '400 Bad Request',
    });
    expect((await auditAlarms(t)).length).toBeLessThanOrEqual(1);
    expect((await verify()).intact).toBe(true);
  });

  it('writes a batch with NUL and lone surrogates whole, escaped', async () => {
    const good = Array.from({ length: 10 }, (_, i) => ({
      userName: 'sam.supervisor',
      category: 'escape-test',
      action: 'POST /api/bean',
      target: `id=${i}`,
      result: '201 Created',
    }));
    const bad = {
      userName: 'x\ud800',
      category: 'escape-test',
      action: 'DELETE /api/alarm-text/:id',
      target: 'id=\u0000',
      result: '400 Bad Request',
    };
    // One tick: one batch.
    for (const entry of [...good.slice(0, 5), bad, ...good.slice(5)])
      t.services.audit.record(entry);
    await t.services.audit.flush();
    const page = await t.as(Role.Administrator)<AuditPage>(
      'GET',
      '/api/audit?category=escape-test&limit=50',
    );
    expect(page.body.total).toBe(11);
    expect(page.body.data.find((e) => e.result === '400 Bad Request')).toMatchObject({
      user_name: 'x\\ud800',
      target: 'id=\\u0000',
    });
  });
});

describe('audit writes that fail', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'roastery-audit-spool-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  let key: Buffer;
  beforeAll(async () => {
    key = await appKey();
  });

  function service(calls: string[]) {
    return new AuditService({
      repo: new AuditRepository(t.database.db),
      key,
      spool: new AuditSpool(folder),
      heads: new AuditHeadLog(folder, key),
      onOutage: () => calls.push('outage'),
      onRecovered: () => calls.push('recovered'),
      retryDelaysMs: [1, 1],
      spoolRetryMs: { first: 10, max: 40 },
    });
  }

  const entry = (category: string, n: number): AuditRecord => ({
    category,
    action: `step ${n}`,
    result: '200 OK',
  });

  async function actions(category: string): Promise<string[]> {
    const rows = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.category, category))
      .orderBy(asc(auditLog.id));
    return rows.map((r) => r.action);
  }

  it('writes the good rows of a batch the database refuses and keeps the bad one', async () => {
    const calls: string[] = [];
    const audit = service(calls);
    audit.record(entry('one-bad-row', 1));
    audit.record({ ...entry('one-bad-row', 2), at: new Date(Number.NaN) });
    audit.record(entry('one-bad-row', 3));
    await audit.flush();
    expect(await actions('one-bad-row')).toEqual(['step 1', 'step 3']);
    expect(calls).toEqual(['outage']);
    expect((await new AuditSpool(folder).read()).map((e) => e.action)).toEqual(['step 2']);
    await audit.close();
    await new AuditSpool(folder).replace([]);
  });

  it('spools while the database refuses, raises once, writes in order after, also after a restart', async () => {
    const { db } = t.database;
    const spool = new AuditSpool(folder);
    const calls: string[] = [];
    const first = service(calls);
    await db.execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      for (let n = 1; n <= 3; n++) {
        first.record(entry('outage', n));
        await first.flush();
      }
      expect((await spool.read()).map((e) => e.action)).toEqual(['step 1', 'step 2', 'step 3']);
      expect(calls).toEqual(['outage']);
    } finally {
      await db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
    await eventually(() => !spool.exists(), 'the spool written', 30_000);
    await first.flush();
    expect(await actions('outage')).toEqual(['step 1', 'step 2', 'step 3']);
    expect(calls).toEqual(['outage', 'recovered']);

    await db.execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      first.record(entry('restart', 1));
      first.record(entry('restart', 2));
      await first.close();
      expect(spool.exists()).toBe(true);
    } finally {
      await db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
    const second = service([]);
    await second.flush();
    expect(spool.exists()).toBe(false);
    expect(await actions('restart')).toEqual(['step 1', 'step 2']);
    await second.close();
  });

  it('raises one alarm per outage in the console and ends it when writes succeed again', async () => {
    const f = await buildTestApp();
    const { db } = f.database;
    try {
      await f.tokenFor(Role.Administrator);
      await db.execute(sql`alter table audit_log rename to audit_log_away`);
      try {
        for (let i = 0; i < 3; i++) {
          const res = await f.as(Role.Supervisor)('POST', '/api/bean', {
            bean: { bean_name: `Outage Bean ${i}`, bins: [] },
          });
          expect(res.status).toBe(201);
          await f.services.audit.flush();
        }
        const alarms = await eventually(async () => {
          const found = await auditAlarms(f);
          return found.length > 0 ? found : undefined;
        }, 'the audit alarm');
        expect(alarms).toHaveLength(1);
        expect(alarms[0]?.clearedAt).toBeNull();
      } finally {
        await db.execute(sql`alter table audit_log_away rename to audit_log`);
      }
      const ended = await eventually(
        async () => (await auditAlarms(f)).find((a) => a.clearedAt !== null),
        'the audit alarm cleared',
        60_000,
      );
      expect(ended.text.startsWith(AUDIT_ALARM)).toBe(true);
      const beans = await f.as(Role.Administrator)<AuditPage>('GET', '/api/audit?category=bean');
      expect(beans.body.total).toBe(3);
    } finally {
      await f.close();
    }
  });
});

describe('the audit chain against the database owner', () => {
  async function failedSignIn(): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'someone.guessing', password: 'not-the-password-42' },
      remoteAddress: '10.20.0.2',
    });
    expect(res.statusCode).toBe(401);
    await t.services.audit.flush();
    const page = await t.as(Role.Administrator)<AuditPage>(
      'GET',
      '/api/audit?category=auth&text=401',
    );
    const id = page.body.data[0]?.id;
    if (id === undefined) throw new Error('the failed sign-in was not recorded');
    for (let i = 0; i < 3; i++) {
      await t.as(Role.Administrator)('POST', '/api/bean', {
        bean: { bean_name: `After ${id} ${i}`, bins: [] },
      });
    }
    await t.services.audit.flush();
    return id;
  }

  for (const labelled of ['keep', 'sha256'] as const) {
    it(`finds a failed sign-in rewritten as successful with the chain recomputed (seal: ${labelled})`, async () => {
      const victim = await failedSignIn();
      await asDatabaseOwner(
        async () => {
          await t.database.db
            .update(auditLog)
            .set({ result: '200 OK' })
            .where(eq(auditLog.id, victim));
          await recomputeAsSha256(victim, labelled);
        },
        async () => {
          const result = await verify();
          expect(result).toMatchObject({ intact: false, truncated: false, broken_at: victim });
          expect(result.message).toMatch(
            labelled === 'keep'
              ? `The audit log is broken at row ${victim}: it was altered after it was written.`
              : `The audit log is broken at row ${victim}: it is not sealed with the audit key`,
          );
        },
      );
      expect((await verify()).intact).toBe(true);
    });
  }

  it('finds the whole chain sealed again as plain SHA-256 at the published head', async () => {
    await failedSignIn();
    await t.services.audit.publishHead();
    const first = Math.min(...(await publishedHeads()).map((h) => h.id));
    await asDatabaseOwner(
      () => recomputeAsSha256(0, 'sha256'),
      async () => {
        const result = await verify();
        expect(result).toMatchObject({ intact: false, broken_at: first });
        expect(result.message).toContain('it is not the row published as the log');
      },
    );
  });

  it('reports rows removed from the end after the published head', async () => {
    const victim = await failedSignIn();
    await t.services.audit.publishHead();
    const latest = Math.max(...(await publishedHeads()).map((h) => h.id));
    expect(latest).toBeGreaterThan(victim);
    await asDatabaseOwner(
      async () => {
        await t.database.db.delete(auditLog).where(gte(auditLog.id, victim));
      },
      async () => {
        const [end] = await t.database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .orderBy(desc(auditLog.id))
          .limit(1);
        const result = await verify();
        expect(result).toMatchObject({ intact: false, truncated: true, broken_at: null });
        expect(result.message).toMatch(
          `The audit log was cut short: it ends at row ${end?.id} with ${result.checked} rows, but row ${latest} was published as its head`,
        );
        expect(result.message).toMatch(/Rows were removed from its end\.$/);
      },
    );
    expect((await verify()).intact).toBe(true);
  });

  it('keeps its head file beside the data with a check on every line', async () => {
    await t.services.audit.publishHead();
    const text = await readFile(join(t.config.audit.folder, 'audit-heads.jsonl'), 'utf8');
    const last = JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(last)).toEqual(['id', 'mac', 'count', 'at', 'check']);
    const key = await readFile(join(t.config.audit.folder, 'audit.key'), 'utf8');
    expect(key.trim().length).toBeGreaterThanOrEqual(32);
    const forged = new AuditHeadLog(t.config.audit.folder, Buffer.from('f'.repeat(32)));
    await forged.append({ id: 1, mac: 'x', count: 1, at: new Date().toISOString() });
    try {
      const result = await verify();
      expect(result).toMatchObject({ intact: false, truncated: false, broken_at: null });
      expect(result.message).toMatch(
        /^The published heads of the audit log were altered: line \d+ of audit-heads.jsonl/,
      );
    } finally {
      await writeFile(forged.path, text);
    }
  });
});
