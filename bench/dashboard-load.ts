/**
 * Dashboard and pending-list load: requests per second and latency of GET /api/dashboard/v2 and
 * of the pending order list (GET /api/orders?page=1) under 50 concurrent clients, beside a bare
 * Fastify route served by the same process in the same run. The plant is the demo plant with
 * its simulator scanned meanwhile, three orders under way (one with a run waiting on a silo)
 * and N pending orders; on the embedded database, then on PostgreSQL when one is given.
 *
 *   node bench/dashboard-load.ts [--duration 5] [--connections 50] [--pending 200] [--scan 200] [--postgres URL]
 *
 * The PostgreSQL run uses --postgres, else TEST_DATABASE_URL; without either it is skipped.
 * The load comes from autocannon in a worker thread. Prints one JSON document on stdout.
 */
import { parseArgs } from 'node:util';
import { OrderStatus } from '@roastery/contract';
import { eventually, type TestApp } from '@roastery/server/testing';
import {
  createProduct,
  insertOrder,
  startWaitingRun,
  waitingWorkflow,
} from '@roastery/server/testing/dashboard';
import { onEachDatabase, routeLoadRun, type RouteWatch } from './http-load.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    pending: { type: 'string', default: '200' },
    scan: { type: 'string', default: '200' },
    postgres: { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const pending = Number(args.pending);
const scanMs = Number(args.scan);
const postgresUrl = args.postgres ?? process.env.TEST_DATABASE_URL;

const routes = ['/api/dashboard/v2', '/api/orders?page=1'] as const;

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
 * PLC link starved by the load shows as connection and quality events.
 */
function countPlantEvents(t: TestApp): RouteWatch {
  const events = new Map<string, number>();
  t.services.hub.subscribeAll((event) => {
    const key = event.type === 'value' ? `value:${event.role ?? 'other'}` : event.type;
    events.set(key, (events.get(key) ?? 0) + 1);
  });
  return {
    reset: () => events.clear(),
    read: () => ({ plantEvents: Object.fromEntries(events) }),
  };
}

const runs = await onEachDatabase(postgresUrl, () =>
  routeLoadRun({
    routes,
    connections,
    duration,
    scanMs,
    prepare: async (t) => {
      await seedOrders(t);
      return countPlantEvents(t);
    },
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
      pendingOrders: pending,
      ordersUnderWay: 3,
      plcScanMs: scanMs,
      runs,
    },
    null,
    2,
  ),
);
