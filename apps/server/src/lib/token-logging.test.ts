import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type AuditPage } from '@roastery/contract';
import { buildTestApp, testUsers, USER_PASSWORD, type TestApp } from '../../test/helper.ts';
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
  return { logger: createLogger({ level: 'trace', destination }), lines };
}

describe('tokens never reach the logs', () => {
  let t: TestApp;
  let base: string;
  const log = capturedLog();

  beforeAll(async () => {
    t = await buildTestApp({}, { logger: log.logger });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('through sign-in, refresh, the live stream, calls carrying the session cookies and sign-out', async () => {
    const seen: string[] = [];
    const post = async (url: string, body: object, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    };
    const signIn = await post('/api/user/login', {
      username: testUsers[Role.Supervisor].username,
      password: USER_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const { token, refreshToken } = signIn.body as { token: string; refreshToken: string };
    seen.push(token, refreshToken);
    // The browser keeps the session in cookies: they go with every call to the console.
    const cookie = `accessToken=${token}; refreshToken=${refreshToken}; name=Sam; role=2`;
    const renewed = await post('/api/user/refresh_token', { refreshToken }, { cookie });
    expect(renewed.status).toBe(200);
    const next = renewed.body as { token: string; refreshToken: string };
    seen.push(next.token, next.refreshToken);
    const failed = await post('/api/user/refresh_token', { refreshToken }, { cookie });
    expect(failed.status).toBe(401);

    const abort = new AbortController();
    const stream = await fetch(`${base}/api/live`, {
      headers: { authorization: `Bearer ${next.token}`, cookie },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    abort.abort();

    const me = await fetch(`${base}/api/user/me`, {
      headers: { authorization: `Bearer ${next.token}`, cookie },
    });
    expect(me.status).toBe(200);
    const refused = await fetch(`${base}/api/user`, {
      headers: { authorization: `Bearer ${next.token}`, cookie },
    });
    expect(refused.status).toBe(403);
    expect(
      (await post('/api/user/logout', { refreshToken: next.refreshToken }, { cookie })).status,
    ).toBe(200);

    await t.services.audit.flush();
    const audit = await t.as(Role.Administrator)<AuditPage>('GET', '/api/audit?limit=200');
    const text = log.lines.join('\n');
    // The log did record these requests: a test that finds nothing must have looked.
    expect(text).toContain('/api/user/refresh_token');
    expect(text).toContain('/api/live');
    for (const secret of [...seen, USER_PASSWORD]) {
      expect(text).not.toContain(secret);
      expect(JSON.stringify(audit.body)).not.toContain(secret);
    }
  });
});
