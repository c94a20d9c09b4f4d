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
import { parseArgs } from 'node:util';
import { onEachDatabase, routeLoadRun } from './http-load.ts';

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

const runs = await onEachDatabase(postgresUrl, () =>
  routeLoadRun({ routes, connections, duration, scanMs }),
);
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
