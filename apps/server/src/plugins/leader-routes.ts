import fp from 'fastify-plugin';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { unavailable } from '../lib/http-errors.ts';
import type { LeaderRequests } from '../plant/cluster/leader-requests.ts';
import { principalOf } from './access-control.ts';

/**
 * The calls that reach the PLC, the workflow engine, the order runner, the simulator or the
 * running address map, and the reads of what only the leader holds in memory (runs and what
 * they wait on). On an instance that does not drive the plant each is handed to the leading
 * instance and answered with the leader's reply.
 */
export const LEADER_ROUTES: readonly string[] = [
  'PUT /api/device/mode/:id',
  'POST /api/device/event',
  'PUT /api/command/toogle/:id',
  'POST /api/device/create',
  'PUT /api/device/:id',
  'DELETE /api/device/:id',
  'PUT /api/device/tags/:id',
  'POST /api/command/type/:id/:kind',
  'POST /api/workflow/start',
  'POST /api/workflow/:id/stop',
  'POST /api/workflow/:id/resume',
  'POST /api/workflow/:id/clear',
  'POST /api/workflow/:id/clear-reset',
  'POST /api/dump/request/:id',
  'GET /api/transfer/acknowledge/:id',
  'PUT /api/orders/start',
  'POST /api/orders/flow',
  'POST /api/orders/fill-silo',
  'POST /api/orders/toogle/:id',
  'POST /api/orders/packing/start',
  'POST /api/dashboard/popup/single-silo',
  'POST /api/dashboard/bean/device',
  'POST /api/dashboard/continue-order',
  'POST /api/dashboard/dump_popup/error',
  'POST /api/admin/health/execute',
  'POST /api/simulator/alarm',
  'POST /api/simulator/value',
  'DELETE /api/diagram/:id',
  'GET /api/workflow/:id/status',
  'GET /api/dump/workflows/status',
  'GET /api/dashboard/v2',
  'GET /api/dashboard/system_status',
  'GET /api/flow/waiting/devices',
];

/** A request as the leader replays it, as the person who made it. */
interface HandedRequest {
  method: string;
  url: string;
  body: unknown;
  userId: number;
}

interface LeaderReply {
  statusCode: number;
  body: unknown;
}

export interface LeaderRoutesOptions {
  requests: LeaderRequests;
  leads: () => boolean;
  /** A short-lived access token of the person, for the leader's replay of their request. */
  tokenFor: (userId: number) => Promise<string | undefined>;
}

/**
 * Hands the leader's routes to the leading instance. The hook runs after access control and
 * before validation, so the leader receives the body as the browser sent it and applies every
 * rule itself; its reply, error or not, is the reply.
 */
export const leaderRoutes = fp(
  (app: FastifyInstance, opts: LeaderRoutesOptions) => {
    const viaLeader = opts.requests.operation<HandedRequest, LeaderReply>(
      'http',
      async (handed) => {
        const token = await opts.tokenFor(handed.userId);
        if (!token) return { statusCode: 401, body: { message: 'Please sign in again.' } };
        // Should leadership have passed meanwhile, the replay would be handed on again.
        if (!opts.leads()) throw unavailable('This console instance no longer drives the plant.');
        const res = await app.inject({
          method: handed.method as 'GET',
          url: handed.url,
          headers: { authorization: `Bearer ${token}` },
          ...(handed.body === undefined ? {} : { payload: handed.body as object }),
        });
        return { statusCode: res.statusCode, body: res.body ? (res.json() as unknown) : null };
      },
    );
    const handOver: preValidationHookHandler = async (request, reply) => {
      if (opts.leads()) return;
      const key = request.headers['idempotency-key'];
      const answer = await viaLeader(
        {
          method: request.method,
          url: request.url,
          body: request.body,
          userId: principalOf(request).id,
        },
        // Scoped to the person: another's key never names their request.
        typeof key === 'string' && key ? `${principalOf(request).id}:${key}` : undefined,
      );
      return reply.code(answer.statusCode).send(answer.body);
    };
    const seen = new Set<string>();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const key = `${method} ${route.url}`;
        if (!LEADER_ROUTES.includes(key)) continue;
        seen.add(key);
        const hooks = route.preValidation ? [route.preValidation].flat() : [];
        route.preValidation = [...hooks, handOver];
      }
    });
    app.addHook('onReady', async () => {
      const missing = LEADER_ROUTES.filter((key) => !seen.has(key));
      if (missing.length) throw new Error(`Leader routes not registered: ${missing.join(', ')}`);
    });
  },
  { name: 'leader-routes' },
);
