import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { pino } from 'pino';
import type { DatabaseHandle } from '@roastery/db';
import pkg from '../package.json' with { type: 'json' };
import type { Config } from './config.ts';
import { accessControl } from './plugins/access-control.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { openapi } from './plugins/openapi.ts';
import { notFoundBody, webApp } from './plugins/web-app.ts';
import { AccessTokens } from './modules/auth/access-tokens.ts';
import { AuthService } from './modules/auth/auth-service.ts';
import { LoginThrottle } from './modules/auth/login-throttle.ts';
import { RefreshTokenRepository } from './modules/auth/refresh-token-repository.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { UserRepository } from './modules/users/user-repository.ts';
import { UserService } from './modules/users/user-service.ts';
import { userRoutes } from './modules/users/user-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { signingSecret } from './modules/auth/signing-secret.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Omitted in tests: the app is then silent. */
  logger?: FastifyBaseLogger;
}

export interface Services {
  auth: AuthService;
  users: UserService;
}

const silentLogger: FastifyBaseLogger = pino({ level: 'silent' });

export const appVersion: string = pkg.version;

/** Wires the services over one database. The composition root for both HTTP and tests. */
export async function createServices(config: Config, database: DatabaseHandle): Promise<Services> {
  const { db } = database;
  const userRepository = new UserRepository(db);
  const auth = new AuthService({
    db,
    users: userRepository,
    refreshTokens: new RefreshTokenRepository(db),
    accessTokens: new AccessTokens(
      await signingSecret(db, config.jwtSecret),
      config.accessTokenTtlSeconds,
    ),
    throttle: new LoginThrottle(config.login.windowSeconds),
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    limits: config.login,
  });
  return { auth, users: new UserService(db, userRepository) };
}

/** Builds the HTTP application; it does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    loggerInstance: deps.logger ?? silentLogger,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = await createServices(config, database);

  await app.register(errorHandler);
  await app.register(accessControl, { auth: services.auth });
  await app.register(openapi, { version: appVersion });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        prefix: '/health',
        checks: [
          { name: 'database', check: () => database.ping() },
          { name: 'migrations', check: () => database.migrationsApplied() },
        ],
      });
      await api.register(authRoutes, { prefix: '/user', auth: services.auth });
      await api.register(userRoutes, {
        prefix: '/user',
        users: services.users,
        auth: services.auth,
      });
    },
    { prefix: '/api' },
  );

  if (config.webDist) {
    await app.register(webApp, { root: config.webDist });
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send(notFoundBody(request.method, request.url)),
    );
  }
  return app;
}
