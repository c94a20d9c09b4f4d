/**
 * How soon a person's open live stream closes once an administrator deletes them, gives them
 * another role or resets their password: from sending the administrator's request to the
 * stream's end reaching a client of /api/live (node:http), on the real server and database.
 *
 *   node bench/session-end.ts [--samples 20]
 *
 * Prints one JSON document on stdout. Target: within 1 s.
 */
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Role } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp } from '@roastery/server/testing';
import { latencySummary } from './latency-summary.ts';

const { values: args } = parseArgs({ options: { samples: { type: 'string', default: '20' } } });
const samples = Number(args.samples);

/** Opens /api/live and resolves, once the server counts it, with a promise of its end. */
function openStream(base: string, token: string): Promise<{ ended: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/live`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`/api/live answered ${res.statusCode}`));
          return;
        }
        res.resume();
        res.on('error', () => undefined);
        resolve({ ended: new Promise((ended) => res.on('end', () => ended(performance.now()))) });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const t = await buildTestApp();
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
try {
  const admin = await t.tokenFor(Role.Administrator);
  const changes = {
    deleted: (id: number) => ({ method: 'DELETE' as const, url: `/api/user/${id}` }),
    demoted: (id: number) => ({
      method: 'PUT' as const,
      url: `/api/user/${id}`,
      payload: { user_role: Role.Operator },
    }),
    'password reset': (id: number) => ({
      method: 'POST' as const,
      url: '/api/user/admin-reset-password',
      payload: { user_id: id, newPassword: 'another-password' },
    }),
  };
  const results: Record<string, ReturnType<typeof latencySummary>> = {};
  let people = 0;
  for (const [change, call] of Object.entries(changes)) {
    const latencies: number[] = [];
    for (let i = 0; i < samples; i++) {
      people += 1;
      const username = `bench.person.${people}`;
      const { id } = await t.services.users.create(
        {
          full_name: `Bench Person ${people}`,
          username,
          user_role: Role.Supervisor,
          password: 'bench-password',
        },
        'Bench setup',
      );
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username, password: 'bench-password' },
      });
      const { ended } = await openStream(base, login.json<{ token: string }>().token);
      const started = performance.now();
      const res = await t.app.inject({
        ...call(id),
        headers: { authorization: `Bearer ${admin}` },
      });
      if (res.statusCode !== 200) throw new Error(`${change}: ${res.statusCode} ${res.body}`);
      latencies.push((await ended) - started);
    }
    results[change] = latencySummary(latencies);
  }
  console.log(
    JSON.stringify(
      {
        benchmark: 'session-end',
        description:
          "administrator's request sent -> the person's open /api/live stream ended at the client",
        samples,
        ms: results,
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
  await removeTemplate();
  await rm(dir, { recursive: true, force: true });
}
