import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditService } from './audit-service.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Calls that change nothing: queries whose filters travel in a body, and the rotation of a
 * refresh token, which every open tab does on its own every few minutes, and the reading of an
 * Artisan file that fills a form before anything is saved.
 */
const NOT_AUDITED = new Set([
  'POST /api/user/refresh_token',
  'POST /api/event',
  'POST /api/orders/check-beans',
  'POST /api/orders/bean-match',
  'POST /api/dump/silo/dumps',
  'POST /api/dump/buttons',
  'POST /api/dump/check/bean',
  'POST /api/dump/check/bean/qty',
  'POST /api/roast-profiles/alog/preview',
]);

const SIGN_IN = 'POST /api/user/login';

/** Body fields that name what was acted on: ids, never values (a body may hold secrets). */
const ID_FIELD = /^(id|.+_id|.+Id)$/;
const MAX_TARGET_ID_LENGTH = 64;

function resultOf(status: number): string {
  return `${status} ${STATUS_CODES[status] ?? ''}`.trim();
}

/** The area of a route: its first segment under /api, or the second under /api/admin. */
export function categoryOf(route: string): string {
  const [first = 'api', second] = route.replace(/^\/api\/?/, '').split('/');
  const area = first === 'admin' && second ? second : first;
  return area.replace(/^:.*/, 'api') || 'api';
}

function idsOf(source: unknown, onlyIds: boolean): string[] {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return [];
  const ids: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    if (onlyIds && !ID_FIELD.test(key)) continue;
    if (typeof value === 'number' || (typeof value === 'string' && value.length > 0)) {
      const text = String(value);
      if (text.length <= MAX_TARGET_ID_LENGTH) ids.push(`${key}=${text}`);
    }
  }
  return ids;
}

function targetOf(request: FastifyRequest): string | null {
  const ids = [...idsOf(request.params, false), ...idsOf(request.body, true)];
  return ids.length > 0 ? ids.join(', ') : null;
}

/**
 * Records every changing call to the API, every sign-in and every permission denial in the
 * audit log, once the reply is sent: the request never waits for the audit write. Publishes the
 * chain's head when the app is ready, at intervals and when it closes.
 */
export const auditTrail = fp(
  (app: FastifyInstance, opts: { audit: AuditService; headIntervalMs: number }) => {
    const publish = () =>
      opts.audit
        .publishHead()
        .catch((err: unknown) => app.log.error({ err }, 'audit head not published'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      const status = reply.statusCode;
      const key = `${request.method} ${route ?? request.url.split('?')[0]}`;
      if (!key.includes(' /api')) return done();
      const denied = status === 403;
      if (!denied && (!route || !MUTATING.has(request.method) || NOT_AUDITED.has(key))) {
        return done();
      }
      if (key === SIGN_IN) {
        const typed = (request.body as { username?: unknown } | undefined)?.username;
        opts.audit.record({
          userName: typeof typed === 'string' ? typed.trim().slice(0, 64) : null,
          address: request.ip,
          category: 'auth',
          action: 'sign-in',
          result: resultOf(status),
        });
        return done();
      }
      const principal = request.principal;
      opts.audit.record({
        userId: principal?.id ?? null,
        userName: principal?.username ?? null,
        address: request.ip,
        category: route ? categoryOf(route) : 'api',
        action: key,
        target: route ? targetOf(request) : null,
        result: resultOf(status),
      });
      done();
    });
    app.addHook('onReady', async () => {
      await publish();
      timer = setInterval(() => void publish(), opts.headIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await opts.audit.close();
      await publish();
    });
  },
  { name: 'audit-trail', dependencies: ['access-control'] },
);
