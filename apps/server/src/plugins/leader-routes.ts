import fp from 'fastify-plugin';
import type {
  FastifyInstance,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { badRequest, unavailable } from '../lib/http-errors.ts';
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

/** What a client may send as an Idempotency-Key: what fits a UUID or a longer token. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

function bodyOf(payload: unknown): unknown {
  if (typeof payload !== 'string' || payload === '') return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

/**
 * Hands the leader's routes to the leading instance. The hand-over runs after validation, so a
 * follower refuses what the leader would refuse, as the leader would; the leader receives the
 * body as the browser sent it (kept before validation changes it) and applies every rule
 * itself, and its reply, error or not, is the reply. A read is asked of the leader over the hub;
 * a change goes through `leader_requests`. A change sent with an `Idempotency-Key` is stored on
 * any instance: sent again, it gets the first answer; the key with another request is a 422.
 */
export const leaderRoutes = fp(
  (app: FastifyInstance, opts: LeaderRoutesOptions) => {
    const replay = async (handed: HandedRequest): Promise<LeaderReply> => {
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
    };
    const change = opts.requests.operation<HandedRequest, LeaderReply>('http', replay);
    const read = opts.requests.read<HandedRequest, LeaderReply>('http-read', replay);
    /** The body as sent, before validation parses it into what the handler receives. */
    const sent = new WeakMap<FastifyRequest, unknown>();
    /** On the leader, how to store the answer of a request under a key once it is sent. */
    const finishing = new WeakMap<FastifyRequest, (reply: LeaderReply) => Promise<void>>();

    const keep: preValidationHookHandler = async (request) => {
      sent.set(request, request.body);
    };
    const handOver: preHandlerHookHandler = async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const given = request.method === 'GET' ? undefined : header;
      if (given !== undefined && (typeof given !== 'string' || !KEY_FORMAT.test(given))) {
        throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters.');
      }
      if (opts.leads() && given === undefined) return;
      const userId = principalOf(request).id;
      const handed = { method: request.method, url: request.url, body: sent.get(request), userId };
      // Scoped to the person: another's key never names their request.
      const key = given === undefined ? undefined : `${userId}:${given}`;
      if (opts.leads() && key !== undefined) {
        const step = await opts.requests.once<LeaderReply>('http', handed, key);
        if (step.first) {
          finishing.set(request, step.finish);
          return;
        }
        return reply.code(step.answer.statusCode).send(step.answer.body);
      }
      const answer = request.method === 'GET' ? await read(handed) : await change(handed, key);
      return reply.code(answer.statusCode).send(answer.body);
    };
    const storeAnswer: onSendHookHandler = async (request, reply, payload) => {
      const finish = finishing.get(request);
      if (!finish) return payload;
      finishing.delete(request);
      // The request was carried out: a failure to store its answer must not turn it into an error.
      await finish({ statusCode: reply.statusCode, body: bodyOf(payload) }).catch((err: unknown) =>
        request.log.error(
          { err },
          'the answer to a request under an Idempotency-Key was not stored',
        ),
      );
      return payload;
    };
    const seen = new Set<string>();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const key = `${method} ${route.url}`;
        if (!LEADER_ROUTES.includes(key)) continue;
        seen.add(key);
        route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), keep];
        route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), handOver];
        route.onSend = [...(route.onSend ? [route.onSend].flat() : []), storeAnswer];
      }
    });
    app.addHook('onReady', async () => {
      const missing = LEADER_ROUTES.filter((key) => !seen.has(key));
      if (missing.length) throw new Error(`Leader routes not registered: ${missing.join(', ')}`);
    });
  },
  { name: 'leader-routes' },
);
