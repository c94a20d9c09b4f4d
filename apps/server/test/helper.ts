import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createTestDatabase } from '@roastery/db/testing';
import type { DatabaseHandle, QueryObserver } from '@roastery/db';
import { Role, type RoleId } from '@roastery/contract';
import { loadConfig, type Config } from '../src/config.ts';
import { buildApp, createServices, type Services } from '../src/app.ts';
import { seedDemoPlant } from '../src/plant/runtime/seed-demo-plant.ts';
import { seedDemoStock } from '../src/modules/inventory/seed-demo-stock.ts';

export const ADMIN_PASSWORD = 'admin-pass-123';
export const USER_PASSWORD = 'user-pass-123';

/** One account per role, created on every test database. */
export const testUsers: Record<RoleId, { username: string; full_name: string }> = {
  [Role.Administrator]: { username: 'admin', full_name: 'Administrator' },
  [Role.Supervisor]: { username: 'sam.supervisor', full_name: 'Sam Supervisor' },
  [Role.Operator]: { username: 'olga.operator', full_name: 'Olga Operator' },
};

export function passwordOf(role: RoleId): string {
  return role === Role.Administrator ? ADMIN_PASSWORD : USER_PASSWORD;
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  config: Config;
  /** Signs in through the API and returns the access token. */
  tokenFor(role: RoleId): Promise<string>;
  /** Calls the API as a role: status and parsed JSON body. */
  as(role: RoleId): ApiCaller;
  close(): Promise<void>;
}

/** Test configuration: the defaults, with overrides in environment-variable form. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

/** The reply body is typed by the caller: `await admin<DeviceDetail>('GET', url)`. */
export type ApiCaller = <T = { message: string }>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<{ status: number; body: T }>;

export interface TestAppOptions {
  /** Seed the demo plant and connect the gateway to an in-process simulator over TCP. */
  plant?: boolean;
  /**
   * With the plant: also seed the demo's beans, products and opening stock, as the first start
   * of the console does. Off by default, so tests that make their own beans start from empty
   * silos.
   */
  demoStock?: boolean;
  /** Where the app logs; silent when omitted. */
  logger?: FastifyBaseLogger;
  /** The clock of sign-in throttling, for tests that move time on. */
  signInClock?: () => number;
  /** Told of every statement the app sends to its database, for tests that count queries. */
  onQuery?: QueryObserver;
}

/**
 * A complete app on its own fresh database, with an administrator, a supervisor and an
 * operator. Requests go through app.inject unless the caller listens.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = testConfig({ PLC_SCAN_INTERVAL: '50ms', ...env });
  const database = await createTestDatabase(options.onQuery ? { onQuery: options.onQuery } : {});
  const services = await createServices(config, database, options.logger, options.signInClock);
  await services.settings.ensureDefaults();
  if (options.plant) {
    await seedDemoPlant(database.db, services.plant);
    if (options.demoStock) await seedDemoStock(services);
    await services.startPlant();
  }
  await services.users.ensureInitialAdmin(ADMIN_PASSWORD);
  for (const role of [Role.Supervisor, Role.Operator] as const) {
    await services.users.create({ ...testUsers[role], user_role: role, password: USER_PASSWORD });
  }
  const app = await buildApp({
    config,
    database,
    services,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  const tokenFor = async (role: RoleId) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: testUsers[role].username, password: passwordOf(role) },
    });
    if (res.statusCode !== 200) throw new Error(`login as role ${role} failed: ${res.body}`);
    return (res.json() as { token: string }).token;
  };
  const tokens = new Map<RoleId, string>();
  const as =
    (role: RoleId): ApiCaller =>
    async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const token = tokens.get(role) ?? (await tokenFor(role));
      tokens.set(role, token);
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T };
    };
  return {
    app,
    services,
    database,
    config,
    tokenFor,
    as,
    close: async () => {
      await app.close();
      await services.stopPlant();
      await database.close();
    },
  };
}

/** The same app listening on a free loopback port, for browser tests. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp & { url: string }> {
  const testApp = await buildTestApp(env, options);
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...testApp, url: address };
}

/** Polls until the check passes or the time is up; tests wait on conditions, never on time. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== undefined && result !== false) return result;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export { seedDemoPlant } from '../src/plant/runtime/seed-demo-plant.ts';

let stockedLots = 0;

/**
 * Puts beans in a silo or bin as a finished dump would: a new lot on the ledger, and the
 * simulated level raised to match the book. Returns the lot number.
 */
export async function stockBin(
  services: Services,
  code: string,
  beanId: number,
  lbs: number,
): Promise<string> {
  const ref = (await services.devices.summary(code)).d_id;
  stockedLots += 1;
  const lotNumber = `LOT-${code}-${process.pid}-${stockedLots}`;
  const lotId = await services.ledger.createLot({ lotNumber, beanId, kind: 'green' });
  await services.ledger.receive({ toDevice: ref, lotId, lbs, reason: 'adjust' });
  const book = (await services.ledger.occupancyCenti([ref])).get(ref) ?? 0;
  services.runtime.simulator.running?.model.setValue(code, 'Occupancy', book / 100);
  return lotNumber;
}
