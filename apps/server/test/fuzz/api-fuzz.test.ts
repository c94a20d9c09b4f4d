import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@roastery/contract';
import { ADMIN_PASSWORD, buildTestApp, testUsers, type TestApp } from '../helper.ts';
import { entryFor } from '../../src/permissions.ts';
import { dictionaryOf, replyingOperationsOf, requestsOf, type FuzzRequest } from './operations.ts';
import { ReplyChecker } from './reply-checker.ts';

/**
 * Every operation of the OpenAPI document, called with valid, edge and invalid input generated
 * from its own schemas, as the administrator and without a token. CI runs a few cases per
 * operation; `npm run test:soak` runs many (FUZZ_RUNS). FUZZ_SEED replays a run.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 12);
const anonymousRuns = Math.max(2, Math.round(runs / 4));
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** The share of operations that must answer 2xx at least once in a run. */
const REACH_FLOOR = 0.4;
/** Replaying a failure: only these operations ('POST /api/bean,GET /api/device'). */
const only = process.env.FUZZ_ONLY?.split(',');
/** The server's errors on stderr, to see what a 500 was. */
const logged = process.env.FUZZ_LOG === '1';

/**
 * Operations that end the caller's own session or the people's accounts: fuzzed last, with the
 * administrator signed in again after any that ended the session.
 */
const SESSION_CHANGING = new Set([
  'PUT /api/user/:id',
  'DELETE /api/user/:id',
  'POST /api/user/admin-reset-password',
  'PUT /api/user/reset-password',
  'POST /api/user/logout',
  'POST /api/admin/health/execute',
]);

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      plant: true,
      demoStock: true,
      ...(logged ? { logger: pino({ level: 'error' }) } : {}),
    },
  );
  admin = await t.tokenFor(Role.Administrator);
  const me = await t.app.inject({
    url: '/api/user/me',
    headers: { authorization: `Bearer ${admin}` },
  });
  adminId = me.json<{ id: number }>().id;
});
afterAll(() => t.close());

/**
 * Signs the administrator in again when a fuzzed call ended the session, with the username and
 * password the calls may have changed set back.
 */
async function keepAdminSignedIn(): Promise<void> {
  const me = await t.app.inject({
    url: '/api/user/me',
    headers: { authorization: `Bearer ${admin}` },
  });
  if (me.statusCode === 200) return;
  const setup = { id: adminId, fullName: 'Test setup' };
  await t.services.users.update(setup, adminId, {
    username: testUsers[Role.Administrator].username,
  });
  await t.services.auth.adminResetPassword(adminId, ADMIN_PASSWORD, 'Test setup');
  t.services.auth.clearSignInThrottles();
  admin = await t.tokenFor(Role.Administrator);
}

function describeRequest(r: FuzzRequest): string {
  const payload = typeof r.payload === 'string' ? r.payload : JSON.stringify(r.payload);
  return `${r.method} ${r.url.slice(0, 200)} [${r.kind}]${payload ? ` ${payload.slice(0, 120)}` : ''}`;
}

describe('API fuzzing from the OpenAPI document', { timeout: 600_000 }, () => {
  it('never answers 500, always as declared, and leaves the books balanced', async () => {
    const operations = replyingOperationsOf(t.app);
    const keyOf = (op: (typeof operations)[number]) =>
      entryFor(op.method, op.route)?.key ?? `${op.method} ${op.route}`;
    // The OpenAPI document must describe the routes the app serves, or the fuzzer misses some;
    // the document's own pages are the only ones it leaves out.
    const fuzzed = new Set(operations.map(keyOf));
    const missed = t.app.apiRoutes.filter(
      (r) => !fuzzed.has(r.key) && !r.stream && r.key !== 'GET /api/docs/**',
    );
    expect(missed.map((r) => r.key)).toEqual([]);
    const order = (op: (typeof operations)[number]) =>
      SESSION_CHANGING.has(keyOf(op)) ? 2 : op.method === 'DELETE' ? 1 : 0;
    operations.sort((a, b) => order(a) - order(b));
    const fuzzing = only ? operations.filter((op) => only.includes(keyOf(op))) : operations;

    const dictionary = await dictionaryOf(t.app, operations, admin);

    const checker = new ReplyChecker();
    const failures: string[] = [];
    const reached = new Set<string>();
    let calls = 0;
    for (const op of fuzzing) {
      const requests = fc.sample(requestsOf(op, dictionary), { numRuns: runs, seed });
      const anonymous = fc.sample(requestsOf(op, dictionary), {
        numRuns: anonymousRuns,
        seed: seed + 1,
      });
      const cases = [
        ...requests.map((r) => ({ r, token: true })),
        ...anonymous.map((r) => ({ r, token: false })),
      ];
      for (const { r, token } of cases) {
        const headers: Record<string, string> = token ? { authorization: `Bearer ${admin}` } : {};
        if (r.contentType) headers['content-type'] = r.contentType;
        const res = await t.app.inject({
          method: r.method,
          url: r.url,
          headers,
          ...(r.payload !== undefined ? { payload: r.payload } : {}),
        });
        calls += 1;
        if (res.statusCode < 300) reached.add(keyOf(op));
        const problem = checker.problem(
          op,
          res.statusCode,
          String(res.headers['content-type'] ?? ''),
          res.body,
        );
        if (problem)
          failures.push(`${describeRequest(r)}${token ? '' : ' (no token)'}: ${problem}`);
        if (SESSION_CHANGING.has(keyOf(op))) await keepAdminSignedIn();
      }
    }
    // Seed and figures for docs/reliability.md; a failure's seed replays it with FUZZ_SEED.
    console.log(
      `fuzz: seed ${seed}, ${operations.length} operations, ${calls} calls, ` +
        `${reached.size} operations answered 2xx at least once`,
    );
    expect(failures, `seed ${seed}`).toEqual([]);

    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
    const silos = await t.services.ledger.siloContents();
    expect(silos.filter((s) => s.occupancy < 0 || s.lots.some((l) => l.lbs <= 0))).toEqual([]);
    // The fuzzer reaches the services behind validation, not only the validation itself. With
    // 12 cases an operation, seeds reach 48-53 % of the 203 operations (2026-11-26): the floor
    // sits below that spread, so it fails when validation starts refusing what it should let
    // through, not on an unlucky seed.
    if (!only) expect(reached.size).toBeGreaterThan(operations.length * REACH_FLOOR);
  });
});
