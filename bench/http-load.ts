import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Role } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp, type TestApp } from '@roastery/server/testing';

/** A route to load: a path read with GET, or a request with a JSON body. */
export type LoadTarget = string | { path: string; method: 'POST'; body: object };

const pathOf = (target: LoadTarget) => (typeof target === 'string' ? target : target.path);

/** How a route is named in the output: its path, with the method when not GET. */
export const targetName = (target: LoadTarget) =>
  typeof target === 'string' ? target : `${target.method} ${target.path}`;

/** What one autocannon run measured of one route. */
export interface LoadMeasure {
  reqPerSec: number;
  latencyMsP50: number;
  latencyMsP99: number;
  non2xx: number;
  errors: number;
  /**
   * CPU time of the server's thread over the run per answered request (user + system,
   * microseconds). The load runs on another thread, so this is the server's cost of a request
   * plus its share of the thread's background work (the scan); it moves less with the machine's
   * load than throughput does.
   */
  cpuMicrosPerRequest: number;
}

/**
 * Loads one route with autocannon in a worker thread (so the server's event loop is alone on
 * its thread) and returns its throughput and latencies.
 */
export async function measureLoad(
  url: string,
  opts: {
    connections: number;
    duration: number;
    token?: string;
    /** Requests per second over all connections; unset, as fast as the server answers. */
    rate?: number;
    request?: { method: 'POST'; body: object };
  },
): Promise<LoadMeasure> {
  // What Chromium sends: a route that compresses its replies does so for the load as for a screen.
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.request) headers['content-type'] = 'application/json';
  const cpuBefore = process.threadCpuUsage();
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.duration,
    workers: 1,
    headers,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    ...(opts.request
      ? { method: opts.request.method, body: JSON.stringify(opts.request.body) }
      : {}),
  });
  const cpu = process.threadCpuUsage(cpuBefore);
  return {
    reqPerSec: Math.round(result.requests.average),
    latencyMsP50: result.latency.p50,
    latencyMsP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMicrosPerRequest:
      Math.round(((cpu.user + cpu.system) / Math.max(1, result.requests.total)) * 10) / 10,
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
  /** Ends what prepare started, before the server closes. */
  stop?: () => void;
}

export interface RouteLoadRun {
  database: string;
  routes: Record<
    string,
    LoadMeasure & {
      bareReqPerSec: number;
      ratioToBare: number;
      bareCpuMicrosPerRequest: number;
      /** The bare route's CPU per request over this route's: the throughput ratio on a core of its own. */
      cpuRatioToBare: number;
      /** The same route at a fixed request rate, for its latency at that rate. */
      atFixedRate?: LoadMeasure & { rate: number; bareLatencyMsP99: number };
    } & Record<string, unknown>
  >;
}

/**
 * One run on a fresh test database with the demo plant scanned every scanMs: `prepare` seeds
 * what the routes read (and may return what to watch beside each route), then each route is loaded
 * right after the bare route, as a supervisor, and everything is torn down.
 */
export async function routeLoadRun(opts: {
  routes: readonly LoadTarget[];
  connections: number;
  duration: number;
  scanMs: number;
  /** Also load each route at this many requests per second (after its unthrottled run). */
  fixedRate?: number;
  prepare?: (t: TestApp) => Promise<RouteWatch | undefined>;
}): Promise<RouteLoadRun> {
  const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
  const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
  const t = await buildTestApp({ PLC_SCAN_INTERVAL: `${opts.scanMs}ms` }, { plant: true });
  const bare = await bareRoute();
  let watch: RouteWatch | undefined;
  try {
    watch = await opts.prepare?.(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await t.tokenFor(Role.Supervisor);
    const load = { connections: opts.connections, duration: opts.duration };
    const routes: RouteLoadRun['routes'] = {};
    // The bare route is measured right before each route, so a machine whose load drifts
    // during the run compares each route with the bare route of the same moment.
    for (const route of opts.routes) {
      const url = `${base}${pathOf(route)}`;
      const request = typeof route === 'string' ? undefined : route;
      // A second of each first, unmeasured: the figures are of compiled code, not of V8
      // optimising the route's functions during its first requests.
      const warmUp = { ...load, duration: Math.min(1, load.duration) };
      await measureLoad(bare.url, warmUp);
      await measureLoad(url, { ...warmUp, token, request });
      const baseline = await measureLoad(bare.url, load);
      watch?.reset();
      const m = await measureLoad(url, { ...load, token, request });
      const seen = watch?.read();
      // The bare route at the same rate right before: the latency the machine alone gives.
      const atFixedRate = opts.fixedRate
        ? {
            rate: opts.fixedRate,
            bareLatencyMsP99: (await measureLoad(bare.url, { ...load, rate: opts.fixedRate }))
              .latencyMsP99,
            ...(await measureLoad(url, { ...load, token, request, rate: opts.fixedRate })),
          }
        : undefined;
      routes[targetName(route)] = {
        ...m,
        bareReqPerSec: baseline.reqPerSec,
        ratioToBare: ratioTo(baseline, m),
        bareCpuMicrosPerRequest: baseline.cpuMicrosPerRequest,
        cpuRatioToBare:
          Math.round((baseline.cpuMicrosPerRequest / m.cpuMicrosPerRequest) * 1000) / 1000,
        ...(atFixedRate ? { atFixedRate } : {}),
        ...seen,
      };
    }
    return { database: t.database.kind, routes };
  } finally {
    watch?.stop?.();
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
