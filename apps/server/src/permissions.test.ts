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
    const failures: string[] = [];
    for (const route of t.app.apiRoutes) {
      const url = concrete(route.url);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const anonymous = await t.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      if (route.access !== 'public' && anonymous.statusCode !== 401) {
        failures.push(`${method} ${route.url} without a token: ${anonymous.statusCode}`);
      }
      for (const role of roleIds) {
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${tokens.get(role)}` },
          payload: method === 'GET' ? undefined : {},
        });
        const allowed =
          route.access === 'public' || route.access === 'signed-in' || route.access.includes(role);
        const refused = res.statusCode === 403 || res.statusCode === 401;
        if (allowed === refused) {
          failures.push(`${method} ${route.url} as role ${role}: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('is documented in docs/permissions.md exactly as enforced', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/permissions.md'), 'utf8');
    expect(doc).toBe(renderPermissionsDoc());
  });
});
