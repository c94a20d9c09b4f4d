import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditService } from '../modules/audit/audit-service.ts';
import { auditTrail } from '../modules/audit/audit-trail.ts';
import { accessControl, type Authenticator } from './access-control.ts';
import { errorHandler } from './error-handler.ts';
import { jsonBody } from './json-body.ts';
import type { Leadership } from '../plant/cluster/leadership.ts';
import { leaderRoutes, type LeaderRoutesOptions } from './leader-routes.ts';
import { openapi } from './openapi.ts';
import { requestValidation } from './request-validation.ts';
import { securityHeaders } from './security-headers.ts';

export interface GlobalPluginsOptions {
  services: {
    auth: Authenticator & { accessTokenFor(userId: number): Promise<string | undefined> };
    audit: AuditService;
    leaderRequests: LeaderRoutesOptions['requests'];
    cluster: { leadership: Pick<Leadership, 'isLeader'> } | undefined;
  };
  /** How often the audit chain's head is published. */
  config: { audit: { headIntervalMs: number } };
  version: string;
}

/**
 * What every request meets before an area's routes, in this order. Registered without its own
 * scope, so that each plugin applies to the whole app as if registered there.
 */
export const globalPlugins = fp(async (app: FastifyInstance, opts: GlobalPluginsOptions) => {
  const { auth, audit, leaderRequests, cluster } = opts.services;
  await app.register(requestValidation);
  await app.register(jsonBody);

  await app.register(securityHeaders);
  await app.register(errorHandler);
  await app.register(accessControl, { auth });
  await app.register(auditTrail, { audit, headIntervalMs: opts.config.audit.headIntervalMs });
  await app.register(openapi, { version: opts.version });
  await app.register(leaderRoutes, {
    requests: leaderRequests,
    leads: () => cluster?.leadership.isLeader() ?? true,
    tokenFor: (userId) => auth.accessTokenFor(userId),
  });
});
