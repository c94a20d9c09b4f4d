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

  it('is enforced on every route: 401 without a token, 403 for other roles, through for allowed ones', async () => {
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
      const anonymous = await statusOf(route.method, url, route.stream);
      if (route.access !== 'public' && anonymous !== 401) {
        failures.push(`${route.method} ${route.url} without a token: ${anonymous}`);
      }
      for (const role of roleIds) {
        const status = await statusOf(route.method, url, route.stream, tokens.get(role));
        const allowed =
          route.access === 'public' || route.access === 'signed-in' || route.access.includes(role);
        const refused = status === 403 || status === 401;
        if (allowed === refused)
          failures.push(`${route.method} ${route.url} as role ${role}: ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('is documented in docs/permissions.md exactly as enforced', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/permissions.md'), 'utf8');
    expect(doc).toBe(renderPermissionsDoc());
  });
});
