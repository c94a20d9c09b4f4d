import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleIds, type RoleId } from '@roastery/contract';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { entryFor, permissions } from './permissions.ts';
import { renderPermissionsDoc } from './permissions-doc.ts';

let t: TestApp;
const tokens = new Map<RoleId, string>();

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of roleIds) tokens.set(role, await t.tokenFor(role));
});
afterAll(() => t.close());

const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/permissions.md'), 'utf8');

/** docs/permissions.md's table as people read it: per route, who may call it. */
function documentedMatrix(): Map<string, { anonymous: boolean; roles: Map<RoleId, boolean> }> {
  const lines = doc.split('\n').filter((l) => l.startsWith('|'));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  const header = cells(lines[0] ?? '');
  const roleColumns = header.slice(2).map((h) => Number(h.split(' ')[0]) as RoleId);
  const matrix = new Map<string, { anonymous: boolean; roles: Map<RoleId, boolean> }>();
  for (const line of lines.slice(2)) {
    const [route = '', anonymous, ...roles] = cells(line);
    matrix.set(route.replaceAll('`', ''), {
      anonymous: anonymous === 'yes',
      roles: new Map(roleColumns.map((r, i) => [r, roles[i] === 'yes'])),
    });
  }
  return matrix;
}

/** A concrete URL for a route pattern: parameters become 1, wildcards a file name. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'index.html');
}

describe('permission matrix', () => {
  it('names every registered API route, and every entry is a registered route', () => {
    const unnamed = t.app.apiRoutes.filter((r) => !entryFor(r.method, r.url));
    expect(unnamed).toEqual([]);
    const used = new Set(t.app.apiRoutes.map((r) => r.key));
    expect(Object.keys(permissions).filter((k) => !used.has(k))).toEqual([]);
  });

  it('is enforced on every route as docs/permissions.md reads: 401 without a token, 403 for the roles refused, through for the others', async () => {
    const documented = documentedMatrix();
    expect(documented.size).toBe(Object.keys(permissions).length);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    /** The status of one call; a stream is cut once its headers arrive. */
    const statusOf = async (method: string, url: string, stream: boolean, token?: string) => {
      const headers = token ? { authorization: `Bearer ${token}` } : undefined;
      if (!stream) {
        const res = await t.app.inject({
          method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url,
          ...(headers ? { headers } : {}),
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        return res.statusCode;
      }
      const abort = new AbortController();
      const res = await fetch(`${base}${url}`, {
        method,
        signal: abort.signal,
        ...(headers ? { headers } : {}),
      });
      abort.abort();
      return res.status;
    };
    const failures: string[] = [];
    for (const route of t.app.apiRoutes) {
      const url = concrete(route.url);
      const row = documented.get(route.key);
      if (!row) {
        failures.push(`${route.key} is not in docs/permissions.md`);
        continue;
      }
      const anonymous = await statusOf(route.method, url, route.stream);
      if (!row.anonymous && anonymous !== 401) {
        failures.push(`${route.method} ${route.url} without a token: ${anonymous}`);
      }
      if (row.anonymous && (anonymous === 401 || anonymous === 403)) {
        failures.push(`${route.method} ${route.url} is public but refused: ${anonymous}`);
      }
      for (const role of roleIds) {
        const status = await statusOf(route.method, url, route.stream, tokens.get(role));
        const allowed = row.roles.get(role) === true;
        const wrong = allowed ? status === 401 || status === 403 : status !== 403;
        if (wrong) failures.push(`${route.method} ${route.url} as role ${role}: ${status}`);
      }
    }
    expect(failures).toEqual([]);
    // Every route, called without a token and as each of the four roles.
  }, 60_000);

  it('is documented in docs/permissions.md exactly as enforced', () => {
    expect(doc).toBe(renderPermissionsDoc());
  });
});
