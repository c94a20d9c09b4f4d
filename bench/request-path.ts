/**
 * Request path throughput: requests per second of authenticated API reads against a bare
 * Fastify route served by the same process in the same run, on the embedded database with the
 * demo plant (its simulator scanned meanwhile), then on PostgreSQL when one is given.
 *
 *   node bench/request-path.ts [--duration 5] [--connections 10] [--scan 200] [--postgres URL]
 *
 * The PostgreSQL run uses --postgres, else TEST_DATABASE_URL; without either it is skipped.
 * The load comes from autocannon in a worker thread, so the server's event loop is alone on its
 * thread. The bare route is measured again right before each route, and each route's ratio is to
 * that measurement: on a machine shared with other work the ceiling moves within a run. Prints
 * one JSON document on stdout: req/s per route and its ratio to the bare route.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Role } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp } from '@roastery/server/testing';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    scan: { type: 'string', default: '200' },
    postgres: { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const scanMs = Number(args.scan);
const postgresUrl = args.postgres ?? process.env.TEST_DATABASE_URL;

interface Measure {
  reqPerSec: number;
  latencyMsP50: number;
  latencyMsP99: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string, token?: string): Promise<Measure> {
  const result = await autocannon({
    url,
    connections,
    duration,
    workers: 1,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    latencyMsP50: result.latency.p50,
    latencyMsP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A route with nothing behind it: the ceiling of this machine and process. */
async function bareRoute(): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify();
  bare.get('/bare', () => ({ status: 'ok' }));
  const base = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${base}/bare`, close: () => bare.close() };
}

const routes = [
  '/api/health/live',
  '/api/device/info/GS1',
  '/api/notification/active',
  '/api/device',
] as const;

async function run() {
  const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
  const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
  const t = await buildTestApp({ PLC_SCAN_INTERVAL: `${scanMs}ms` }, { plant: true });
  const bare = await bareRoute();
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await t.tokenFor(Role.Supervisor);
    const results: Record<string, Measure & { bareReqPerSec: number; ratioToBare: number }> = {};
    for (const route of routes) {
      const baseline = await measure(bare.url);
      const m = await measure(`${base}${route}`, token);
      results[route] = {
        ...m,
        bareReqPerSec: baseline.reqPerSec,
        ratioToBare: Math.round((m.reqPerSec / baseline.reqPerSec) * 1000) / 1000,
      };
    }
    return { database: t.database.kind, routes: results };
  } finally {
    await bare.close();
    await t.close();
    await removeTemplate();
    await rm(dir, { recursive: true, force: true });
  }
}

// The embedded run must not see the server's address: the test databases follow the variable.
delete process.env.TEST_DATABASE_URL;
const runs = [await run()];
if (postgresUrl) {
  process.env.TEST_DATABASE_URL = postgresUrl;
  runs.push(await run());
}
console.log(
  JSON.stringify(
    {
      benchmark: 'request-path',
      description: 'req/s of authenticated API reads and of a bare Fastify route, same process',
      durationSeconds: duration,
      connections,
      plcScanMs: scanMs,
      runs,
    },
    null,
    2,
  ),
);
