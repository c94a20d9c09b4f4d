/**
 * Request path throughput: requests per second of authenticated API reads against a bare
 * Fastify route served by the same process in the same run, on the embedded database with the
 * demo plant (its simulator scanned meanwhile), then on PostgreSQL when one is given.
 *
 *   node bench/request-path.ts [--duration 5] [--connections 10] [--scan 200] [--postgres URL]
 *
 * The PostgreSQL run uses --postgres, else TEST_DATABASE_URL; without either it is skipped.
 * The load comes from autocannon in a worker thread, so the server's event loop is alone on its
 * thread. Prints one JSON document on stdout: req/s per route and its ratio to the bare route.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Role } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp } from '@roastery/server/testing';
import { bareRoute, measureLoad, ratioTo, type LoadMeasure } from './http-load.ts';

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
    const baseline = await measureLoad(bare.url, { connections, duration });
    const results: Record<string, LoadMeasure & { ratioToBare: number }> = {};
    for (const route of routes) {
      const m = await measureLoad(`${base}${route}`, { connections, duration, token });
      results[route] = { ...m, ratioToBare: ratioTo(baseline, m) };
    }
    return { database: t.database.kind, bareRoute: baseline, routes: results };
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
