/**
 * Request path throughput: requests per second of authenticated API reads against a bare
 * Fastify route served by the same process in the same run, on the embedded database with the
 * demo plant (its simulator scanned meanwhile), then on PostgreSQL when one is given.
 *
 *   node bench/request-path.ts [--duration 5] [--connections 10] [--rate 1000] [--scan 200] [--postgres URL]
 *
 * The PostgreSQL run uses --postgres, else TEST_DATABASE_URL; without either it is skipped.
 * The load comes from autocannon in a worker thread, so the server's event loop is alone on its
 * thread. The bare route is measured again right before each route, and each route's ratio is to
 * that measurement: on a machine shared with other work the ceiling moves within a run. Each
 * route is then loaded at a fixed rate (--rate, requests/s over all connections) for its latency
 * at that rate. Prints one JSON document on stdout: req/s per route, its ratio to the bare route
 * and its latency at the fixed rate; targets for the cached reads (device state, notifications):
 * at least half the bare route's throughput, p99 <= 10 ms at 1,000 req/s.
 */
import { parseArgs } from 'node:util';
import { onEachDatabase, routeLoadRun } from './http-load.ts';
import { atLeast, atMost, reported, type MetricRecord } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rate: { type: 'string', default: '1000' },
    scan: { type: 'string', default: '200' },
    postgres: { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const fixedRate = Number(args.rate);
const scanMs = Number(args.scan);
const postgresUrl = args.postgres ?? process.env.TEST_DATABASE_URL;

const routes = [
  '/api/health/live',
  '/api/device/info/GS1',
  '/api/notification/active',
  '/api/device',
] as const;

const runs = await onEachDatabase(postgresUrl, () =>
  routeLoadRun({ routes, connections, duration, scanMs, fixedRate }),
);

/** The reads served from memory, with targets; the others are reported beside them. */
const cached: Record<string, string> = {
  '/api/device/info/GS1': 'api.device-info',
  '/api/notification/active': 'api.notifications-active',
};
const others: Record<string, string> = {
  '/api/health/live': 'api.health-live-with-token',
  '/api/device': 'api.device-list',
};
const metrics: MetricRecord[] = runs.flatMap((run) =>
  Object.entries(run.routes).flatMap(([route, m]) => {
    const extra = {
      database: run.database,
      baseline: { name: 'bare route', value: m.bareReqPerSec, unit: 'req/s' },
    };
    const rateName = `p99@${fixedRate}rps`;
    const p99 = m.atFixedRate?.latencyMsP99 ?? Number.NaN;
    const bareP99 = {
      name: `bare route p99 at ${fixedRate} req/s`,
      value: m.atFixedRate?.bareLatencyMsP99 ?? Number.NaN,
      unit: 'ms',
    };
    const cpuRatio = (metric: string) =>
      reported(`${metric}.cpu-ratio-to-bare`, m.cpuRatioToBare, 'ratio', {
        database: run.database,
        baseline: {
          name: 'bare route CPU per request',
          value: m.bareCpuMicrosPerRequest,
          unit: 'µs',
        },
      });
    const name = cached[route];
    if (name) {
      return [
        atLeast(`${name}.ratio-to-bare`, m.ratioToBare, 'ratio', 0.5, extra),
        cpuRatio(name),
        atMost(`${name}.${rateName}`, p99, 'ms', 10, {
          database: run.database,
          baseline: bareP99,
        }),
        reported(`${name}.req-per-s`, m.reqPerSec, 'req/s', extra),
      ];
    }
    const other = others[route] ?? `api.${route}`;
    return [
      reported(`${other}.ratio-to-bare`, m.ratioToBare, 'ratio', extra),
      cpuRatio(other),
      reported(`${other}.${rateName}`, p99, 'ms', { database: run.database, baseline: bareP99 }),
    ];
  }),
);
console.log(
  JSON.stringify(
    {
      benchmark: 'request-path',
      description: 'req/s of authenticated API reads and of a bare Fastify route, same process',
      durationSeconds: duration,
      connections,
      fixedRate,
      plcScanMs: scanMs,
      runs,
      metrics,
    },
    null,
    2,
  ),
);
