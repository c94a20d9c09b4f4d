import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Principal } from '../principal.ts';
import { entryFor, type Access } from '../permissions.ts';
import { forbidden, unauthorized } from '../lib/http-errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
  interface FastifyInstance {
    /** Every guarded API route with the access it was given, for the permission walk. */
    apiRoutes: { method: string; url: string; key: string; access: Access; stream: boolean }[];
  }
}

/** The request's bearer token, if it carries one. */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** The signed-in principal of a guarded route; routes behind 'public' must not call it. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** What access control asks of the auth area: the principal a bearer token stands for. */
export interface Authenticator {
  authenticate(token: string): Promise<Principal | undefined>;
}

function guard(access: Access, auth: Authenticator): onRequestHookHandler {
  return async (request) => {
    const token = bearer(request);
    request.principal = token ? await auth.authenticate(token) : undefined;
    if (access === 'public') return;
    if (!request.principal) throw unauthorized();
    if (access !== 'signed-in' && !access.includes(request.principal.role)) throw forbidden();
  };
}

/**
 * Attaches the permission table to every /api route as it is registered, and refuses to
 * register an /api route the table does not name.
 */
export const accessControl = fp(
  (app: FastifyInstance, opts: { auth: Authenticator }) => {
    app.decorateRequest('principal', undefined);
    app.decorate('apiRoutes', []);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const entry = entryFor(method, route.url);
        if (!entry) {
          throw new Error(
            `No permission entry for ${method} ${route.url}: add it to permissions.ts`,
          );
        }
        const produces = (route.schema as { produces?: string[] } | undefined)?.produces ?? [];
        const stream = produces.includes('text/event-stream');
        if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, ...entry, stream });
        const hooks = route.onRequest ? [route.onRequest].flat() : [];
        route.onRequest = [guard(entry.access, opts.auth), ...hooks];
      }
    });
  },
  { name: 'access-control' },
);
