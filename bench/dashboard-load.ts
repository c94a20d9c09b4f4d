/**
 * Database-backed reads under load: requests per second and latency of GET /api/dashboard/v2,
 * of the pending order list (GET /api/orders?page=1) and of a page of the events log (POST
 * /api/event, the month's first page) under 50 concurrent clients, beside a bare Fastify route
 * served by the same process in the same run; then each at a fixed rate (--rate, requests/s)
 * for its latency at that rate. The plant is the demo plant with its simulator scanned
 * meanwhile, three orders under way (one with a run waiting on a silo), N pending orders and a
 * month of E events; on the embedded database, then on PostgreSQL when one is given. Targets
 * (on PostgreSQL): >= 2,000 req/s, p99 <= 25 ms at 2,000 req/s.
 *
 *   node bench/dashboard-load.ts [--duration 5] [--connections 50] [--rate 2000] [--pending 200] [--events 100000] [--scan 200] [--log-rate 2] [--postgres URL]
 *
 * The PostgreSQL run uses --postgres, else TEST_DATABASE_URL; without either it is skipped.
 * The load comes from autocannon in a worker thread. Prints one JSON document on stdout.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { OrderStatus } from '@roastery/contract';
import { eventually, type TestApp } from '@roastery/server/testing';
import {
  createProduct,
  insertOrder,
  startWaitingRun,
  waitingWorkflow,
} from '@roastery/server/testing/dashboard';
import { onEachDatabase, routeLoadRun, targetName, type RouteWatch } from './http-load.ts';
import { atLeast, atMost, reported, type MetricRecord } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rate: { type: 'string', default: '2000' },
    pending: { type: 'string', default: '200' },
    events: { type: 'string', default: '100000' },
    scan: { type: 'string', default: '200' },
    'log-rate': { type: 'string', default: '2' },
    postgres: { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const fixedRate = Number(args.rate);
const pending = Number(args.pending);
const eventCount = Number(args.events);
const scanMs = Number(args.scan);
const logRate = Number(args['log-rate']);
const postgresUrl = args.postgres ?? process.env.TEST_DATABASE_URL;

const month = { gte: '2026-03-01T00:00:00.000Z', lt: '2026-04-01T00:00:00.000Z' };
const eventPage = {
  path: '/api/event',
  method: 'POST',
  body: { where: { event_time: month }, page: 1, limit: 10 },
} as const;
const routes = ['/api/dashboard/v2', '/api/orders?page=1', eventPage] as const;
const names: Record<string, string> = {
  '/api/dashboard/v2': 'api.dashboard',
  '/api/orders?page=1': 'api.pending-orders',
  [targetName(eventPage)]: 'api.events-page',
};

/** A month of events over the demo plant's devices, as the log records them. */
async function seedEvents(t: TestApp): Promise<void> {
  await t.database.db.execute(sql`
    insert into events (device_ref, device_name, event_description, kind, user_name, event_time)
    select d.id, d.device_name,
           case g % 2 when 0 then 'Inlet Gate set to 1: ok' else 'Alarm 3: motor overload' end,
           case g % 2 when 0 then 'plc-write' else 'alarm' end,
           'Bench User',
           ${month.gte}::timestamptz + g * (interval '31 days' / ${eventCount}::int)
    from generate_series(1, ${eventCount}) g
    join lateral (select id, device_name from devices where not virtual
                  order by id offset (g % 10) limit 1) d on true`);
  await t.database.db.execute(sql`analyze events`);
}

/** Three orders under way (one with a run waiting on a silo) and `pending` pending orders. */
async function seedOrders(t: TestApp): Promise<void> {
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
  const productId = await createProduct(t, 'House Espresso', 'Brazil Santos');
  const drawn = await waitingWorkflow(t, 'Roast on R1');
  const runId = await startWaitingRun(t, drawn);
  for (const [index, run] of [runId, null, null].entries()) {
    const workflowId = index === 0 ? drawn : await waitingWorkflow(t, `Roast ${index + 1}`);
    await insertOrder(t, { productId, workflowId, status: OrderStatus.Processing, runId: run });
  }
  const start = Date.UTC(2026, 0, 5);
  for (let i = 0; i < pending; i += 1) {
    await insertOrder(t, {
      productId,
      workflowId: drawn,
      status: OrderStatus.NotStarted,
      customer: `Customer ${i % 37}`,
      orderDate: new Date(start + i * 3_600_000),
      fulfillmentDate: new Date(start + (i + 72) * 3_600_000),
    });
  }
}

/**
 * Plant events during each route's load: each one ends the sharing of a dashboard read, and a
 * PLC link starved by the load shows as connection and quality events. Meanwhile the plant at
 * work writes --log-rate events a second to the log (PLC writes, steps, alarms), each of which
 * ends the sharing of a page of the log: the events page is measured as the screens see it.
 */
function plantAtWork(t: TestApp): RouteWatch {
  const events = new Map<string, number>();
  t.services.hub.subscribeAll((event) => {
    const key = event.type === 'value' ? `value:${event.role ?? 'other'}` : event.type;
    events.set(key, (events.get(key) ?? 0) + 1);
  });
  let logged = 0;
  let failed = 0;
  const writer =
    logRate > 0
      ? setInterval(() => {
          t.services.eventLog
            .record({ kind: 'plc-write', deviceName: 'Roaster 1', description: 'Drum set to 40' })
            .then(
              () => (logged += 1),
              () => (failed += 1),
            );
        }, 1000 / logRate)
      : undefined;
  return {
    reset: () => {
      events.clear();
      logged = 0;
      failed = 0;
    },
    read: () => ({ plantEvents: Object.fromEntries(events), logged, logWritesFailed: failed }),
    stop: () => clearInterval(writer),
  };
}

const runs = await onEachDatabase(postgresUrl, () =>
  routeLoadRun({
    routes,
    connections,
    duration,
    scanMs,
    fixedRate,
    prepare: async (t) => {
      await seedOrders(t);
      await seedEvents(t);
      return plantAtWork(t);
    },
  }),
);
/** The targets hold on PostgreSQL; the embedded database's figures are reported beside them. */
const metrics: MetricRecord[] = runs.flatMap((run) =>
  Object.entries(run.routes).flatMap(([route, m]) => {
    const name = names[route] ?? `api.${route}`;
    const extra = {
      database: run.database,
      baseline: { name: 'bare route', value: m.bareReqPerSec, unit: 'req/s' },
    };
    const p99 = m.atFixedRate?.latencyMsP99 ?? Number.NaN;
    const bareP99 = {
      name: `bare route p99 at ${fixedRate} req/s`,
      value: m.atFixedRate?.bareLatencyMsP99 ?? Number.NaN,
      unit: 'ms',
    };
    const rateName = `${name}.p99@${fixedRate}rps`;
    if (run.database !== 'postgres') {
      return [
        reported(`${name}.req-per-s`, m.reqPerSec, 'req/s', extra),
        reported(rateName, p99, 'ms', { database: run.database, baseline: bareP99 }),
      ];
    }
    return [
      atLeast(`${name}.req-per-s`, m.reqPerSec, 'req/s', 2000, extra),
      atMost(rateName, p99, 'ms', 25, { database: run.database, baseline: bareP99 }),
    ];
  }),
);
console.log(
  JSON.stringify(
    {
      benchmark: 'dashboard-load',
      description:
        'req/s and latency of the dashboard and the pending order list under concurrent clients, beside a bare route',
      durationSeconds: duration,
      connections,
      fixedRate,
      pendingOrders: pending,
      events: eventCount,
      ordersUnderWay: 3,
      plcScanMs: scanMs,
      runs,
      metrics,
    },
    null,
    2,
  ),
);
