import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Role } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp, type TestApp } from '@roastery/server/testing';

/** What one autocannon run measured of one route. */
export interface LoadMeasure {
  reqPerSec: number;
  latencyMsP50: number;
  latencyMsP99: number;
  non2xx: number;
  errors: number;
}

/**
 * Loads one route with autocannon in a worker thread (so the server's event loop is alone on
 * its thread) and returns its throughput and latencies.
 */
export async function measureLoad(
  url: string,
  opts: { connections: number; duration: number; token?: string },
): Promise<LoadMeasure> {
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.duration,
    workers: 1,
    ...(opts.token ? { headers: { authorization: `Bearer ${opts.token}` } } : {}),
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
export async function bareRoute(): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify();
  bare.get('/bare', () => ({ status: 'ok' }));
  const base = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${base}/bare`, close: () => bare.close() };
}

/** A route's throughput as a share of the bare route's in the same run. */
export function ratioTo(baseline: LoadMeasure, m: LoadMeasure): number {
  return Math.round((m.reqPerSec / baseline.reqPerSec) * 1000) / 1000;
}

/** What a bench watches beside each route's load: reset before it, read after it. */
export interface RouteWatch {
  reset: () => void;
  /** Fields added to the route's figures in the output. */
  read: () => Record<string, unknown>;
}

export interface RouteLoadRun {
  database: string;
  routes: Record<
    string,
    LoadMeasure & { bareReqPerSec: number; ratioToBare: number } & Record<string, unknown>
  >;
}

/**
 * One run on a fresh test database with the demo plant scanned every scanMs: `prepare` seeds
 * what the routes read (and may return what to watch beside each route), then each route is loaded
 * right after the bare route, as a supervisor, and everything is torn down.
 */
export async function routeLoadRun(opts: {
  routes: readonly string[];
  connections: number;
  duration: number;
  scanMs: number;
  prepare?: (t: TestApp) => Promise<RouteWatch | undefined>;
}): Promise<RouteLoadRun> {
  const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
  const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
  const t = await buildTestApp({ PLC_SCAN_INTERVAL: `${opts.scanMs}ms` }, { plant: true });
  const bare = await bareRoute();
  try {
    const watch = await opts.prepare?.(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await t.tokenFor(Role.Supervisor);
    const load = { connections: opts.connections, duration: opts.duration };
    const routes: RouteLoadRun['routes'] = {};
    // The bare route is measured right before each route, so a machine whose load drifts
    // during the run compares each route with the bare route of the same moment.
    for (const route of opts.routes) {
      const baseline = await measureLoad(bare.url, load);
      watch?.reset();
      const m = await measureLoad(`${base}${route}`, { ...load, token });
      routes[route] = {
        ...m,
        bareReqPerSec: baseline.reqPerSec,
        ratioToBare: ratioTo(baseline, m),
        ...watch?.read(),
      };
    }
    return { database: t.database.kind, routes };
  } finally {
    await bare.close();
    await t.close();
    await removeTemplate();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A run on the embedded database, then one on PostgreSQL when a URL is given. The embedded run
 * must not see the server's address: the test databases follow TEST_DATABASE_URL.
 */
export async function onEachDatabase<Run>(
  postgresUrl: string | undefined,
  run: () => Promise<Run>,
): Promise<Run[]> {
  delete process.env.TEST_DATABASE_URL;
  const runs = [await run()];
  if (postgresUrl) {
    process.env.TEST_DATABASE_URL = postgresUrl;
    runs.push(await run());
  }
  return runs;
}
