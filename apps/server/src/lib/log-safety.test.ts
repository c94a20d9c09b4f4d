import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type RoleId } from '@roastery/contract';
import {
  ADMIN_PASSWORD,
  buildTestApp,
  testUsers,
  USER_PASSWORD,
  type TestApp,
} from '../../test/helper.ts';
import { createLogger } from './logger.ts';

/** Every line the app logs, at the most detailed level. */
function capturedLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ level: 'trace', destination }), text: () => lines.join('\n') };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

// Shapes of secrets, whatever their value: an argon2 hash, a JWT, a SHA-256 in hex.
const SECRET_SHAPES = [/\$argon2/, /eyJ[\w-]+\.[\w-]+\.[\w-]+/, /\b[0-9a-f]{64}\b/i];

describe('logs never carry secrets, whatever fails', () => {
  let t: TestApp;
  const log = capturedLog();
  const secrets: string[] = [ADMIN_PASSWORD, USER_PASSWORD];

  /** A rule the database enforces from now on, so that the next write of that table fails. */
  const refuseWrites = (table: string, rule: string) =>
    t.database.db.execute(
      sql.raw(`alter table ${table} add constraint log_test_refuses check (${rule}) not valid`),
    );
  const allowWrites = (table: string) =>
    t.database.db.execute(sql.raw(`alter table ${table} drop constraint log_test_refuses`));

  const login = async (role: RoleId) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: testUsers[role].username, password: USER_PASSWORD },
    });
    return res.json<{ token: string; refreshToken: string }>();
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { logger: log.logger });
  });
  afterAll(() => t.close());

  it("an administrator's password reset that fails in the database", async () => {
    const adminToken = await t.tokenFor(Role.Administrator);
    secrets.push(adminToken);
    const users = await t.as(Role.Administrator)<{ id: number; username: string }[]>(
      'GET',
      '/api/user',
    );
    const olga = users.body.find((u) => u.username === testUsers[Role.Operator].username);
    const newPassword = 'brand-new-secret-771';
    secrets.push(newPassword);

    await refuseWrites('users', `password_hash not like '$argon2id$%'`);
    const failed = await t.as(Role.Administrator)('POST', '/api/user/admin-reset-password', {
      user_id: olga?.id,
      newPassword,
    });
    await allowWrites('users');
    expect(failed.status).toBe(500);
    expect(failed.body.message).toBe('Something went wrong on the server.');

    // The example: an id the column cannot hold.
    const badId = await t.as(Role.Administrator)('POST', '/api/user/admin-reset-password', {
      user_id: 2147483648,
      newPassword,
    });
    expect(badId.status).toBe(400);
  });

  it('a sign-in whose refresh token cannot be stored', async () => {
    await refuseWrites('refresh_tokens', 'false');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: testUsers[Role.Supervisor].username, password: USER_PASSWORD },
    });
    await allowWrites('refresh_tokens');
    expect(res.statusCode).toBe(500);
  });

  it('a refresh and a password change that fail in the database', async () => {
    const session = await login(Role.Supervisor);
    secrets.push(session.token, session.refreshToken, sha256(session.refreshToken));

    await refuseWrites('refresh_tokens', 'false');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/user/refresh_token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(500);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/reset-password',
      headers: { authorization: `Bearer ${session.token}` },
      payload: { oldPassword: USER_PASSWORD, newPassword: 'another-secret-882' },
    });
    secrets.push('another-secret-882');
    await allowWrites('refresh_tokens');
    expect(changed.statusCode).toBe(500);
  });

  it('fields named after secrets are withheld wherever they are logged', () => {
    log.logger.error(
      { password: 'plain-text-991', user: { refreshToken: 'refresh-992', name: 'kept-993' } },
      'a careless log line',
    );
    secrets.push('plain-text-991', 'refresh-992');
    expect(log.text()).toContain('kept-993');
  });

  it('the log keeps what a person needs to find the fault and no secret', () => {
    const text = log.text();
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const shape of SECRET_SHAPES) expect(text).not.toMatch(shape);
    // The failures were logged, with the SQL and the database's own error code and rule.
    expect(text).toContain('request failed');
    expect(text).toContain('Failed query: update \\"users\\"');
    expect(text).toContain('"code":"23514"');
    expect(text).toContain('"constraint":"log_test_refuses"');
    expect(text).toContain('[withheld]');
  });
});
