import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@roastery/contract';
import { testServerUrl } from '@roastery/db/testing';
import { entryFor } from '../../src/permissions.ts';
import { LEADER_ROUTES } from '../../src/plugins/leader-routes.ts';
import { eventually } from '../helper.ts';
import { login, startClusterPlant, type ClusterPlant, type Instance } from '../cluster-fixtures.ts';
import { dictionaryOf, replyingOperationsOf, requestsOf } from './operations.ts';
import { ReplyChecker } from './reply-checker.ts';

/**
 * The routes a follower hands to the leader, fuzzed on the follower (a second instance on the
 * same PostgreSQL database) with valid, edge and invalid input generated from their schemas. The
 * other routes answer on a follower as on a single instance, which api-fuzz.test.ts covers; the
 * hand-over is slower, so CI runs fewer cases here (FOLLOWER_FUZZ_RUNS).
 */
const runs = Number(process.env.FOLLOWER_FUZZ_RUNS ?? 6);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Stopping a service of the leader's plant comes last, as in the single-instance fuzz. */
const LAST = 'POST /api/admin/health/execute';

let plant: ClusterPlant;
let leader: Instance;
let follower: Instance;

describe.skipIf(!testServerUrl())('API fuzzing on a follower', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    plant = await startClusterPlant();
    leader = await plant.start('alpha');
    await eventually(() => leader.services.cluster?.leadership.isLeader(), 'alpha to lead');
    follower = await plant.start('beta');
  });
  afterAll(() => plant?.close());

  it('never answers 500 for a route handed to the leader, and always as declared', async () => {
    const admin = await login(follower, Role.Administrator);
    const keyOf = (op: { method: string; route: string }) =>
      entryFor(op.method, op.route)?.key ?? `${op.method} ${op.route}`;
    const replying = replyingOperationsOf(follower.app);
    const operations = replying.filter((op) => LEADER_ROUTES.includes(keyOf(op)));
    expect(operations.map(keyOf).sort()).toEqual([...LEADER_ROUTES].sort());
    operations.sort((a, b) => Number(keyOf(a) === LAST) - Number(keyOf(b) === LAST));

    // Values the plant has (ids, names), for valid requests: from its lists.
    const dictionary = await dictionaryOf(follower.app, replying, admin);

    const checker = new ReplyChecker();
    const failures: string[] = [];
    let calls = 0;
    for (const op of operations) {
      for (const r of fc.sample(requestsOf(op, dictionary), { numRuns: runs, seed })) {
        const headers: Record<string, string> = { authorization: `Bearer ${admin}` };
        if (r.contentType) headers['content-type'] = r.contentType;
        const res = await follower.app.inject({
          method: r.method,
          url: r.url,
          headers,
          ...(r.payload !== undefined ? { payload: r.payload } : {}),
        });
        calls += 1;
        const problem = checker.problem(
          op,
          res.statusCode,
          String(res.headers['content-type'] ?? ''),
          res.body,
        );
        if (problem) {
          const payload = typeof r.payload === 'string' ? r.payload : JSON.stringify(r.payload);
          failures.push(
            `${r.method} ${r.url.slice(0, 200)} [${r.kind}] ${payload ?? ''}: ${problem}`,
          );
        }
      }
    }
    console.log(`follower fuzz: seed ${seed}, ${operations.length} operations, ${calls} calls`);
    expect(failures, `seed ${seed}`).toEqual([]);
    expect(leader.services.cluster?.leadership.isLeader()).toBe(true);
  });
});
