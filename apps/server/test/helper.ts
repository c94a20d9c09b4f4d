import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@roastery/db/testing';
import type { DatabaseHandle, QueryObserver } from '@roastery/db';
import { Role, type RoleId } from '@roastery/contract';
import { loadConfig, type Config } from '../src/config.ts';
import { buildApp, createServices, type Services } from '../src/app.ts';
import { seedDemoPlant } from '../src/demo/seed-demo-plant.ts';
import { seedDemoStock } from '../src/modules/inventory/seed-demo-stock.ts';
import { seedDemoRoastProfiles } from '../src/modules/roast-profiles/seed-demo-roast-profiles.ts';

export const ADMIN_PASSWORD = 'admin-pass-123';
export const USER_PASSWORD = 'user-pass-123';

/** One account per role, created on every test database. */
export const testUsers: Record<RoleId, { username: string; full_name: string }> = {
  [Role.Administrator]: { username: 'admin', full_name: 'Administrator' },
  [Role.Supervisor]: { username: 'sam.supervisor', full_name: 'Sam Supervisor' },
  [Role.Operator]: { username: 'olga.operator', full_name: 'Olga Operator' },
  [Role.QualityTechnician]: { username: 'quinn.quality', full_name: 'Quinn Quality' },
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

/**
 * Test configuration: the defaults, with overrides in environment-variable form. Each gets its
 * own audit folder: the published heads of one test database are no other's.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  const auditDir = env.AUDIT_DIR ?? mkdtempSync(join(tmpdir(), 'roastery-audit-'));
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUDIT_DIR: auditDir, ...env });
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
  /** The clock of alarm shelves and floods, for tests that move time on. */
  alarmClock?: () => Date;
  /** The clock roasts' seconds are counted by (ms), for tests that step the simulated plant. */
  roastClock?: () => number;
  /** Told of every statement the app sends to its database, for tests that count queries. */
  onQuery?: QueryObserver;
  /** PostgreSQL only: the address the app reaches its database through (a fault proxy). */
  connectVia?: (url: string) => string;
}

/**
 * Fast scans keep tests quick; values age over a longer span of them, since the test process
 * itself (the embedded database runs in it) can hold the scan up on a loaded machine. For the
 * same reason a PLC request has longer than in the plant to be answered: the simulator answers
 * from this process, and at a load of 20 on two cores a reply took more than a second.
 */
export const TEST_PLC_ENV: Readonly<Record<string, string>> = {
  PLC_SCAN_INTERVAL: '50ms',
  PLC_STALE_AFTER_SCANS: '10',
  PLC_OFFLINE_AFTER_SCANS: '100',
  PLC_REQUEST_TIMEOUT: '5s',
};

/**
 * A complete app on its own fresh database, with an administrator, a supervisor and an
 * operator. Requests go through app.inject unless the caller listens.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = testConfig({ ...TEST_PLC_ENV, ...env });
  const database = await createTestDatabase({
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
    ...(options.connectVia ? { connectVia: options.connectVia } : {}),
  });
  const services = await createServices(config, database, {
    logger: options.logger,
    signInClock: options.signInClock,
    alarmClock: options.alarmClock,
    roastClock: options.roastClock,
  });
  await services.settings.ensureDefaults();
  if (options.plant) {
    await seedDemoPlant(database.db, services.plant);
    if (options.demoStock) {
      await seedDemoStock(services);
      await seedDemoRoastProfiles(database.db);
    }
    await services.startPlant();
    await plantScanned(services);
  }
  await createTestUsers(services);
  const app = await buildApp({
    config,
    database,
    services,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  const { tokenFor, as } = apiCallers(app, config);
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
      if (!env.AUDIT_DIR) await rm(config.audit.folder, { recursive: true, force: true });
    },
  };
}

/** The first administrator, and one account of each other role. */
export async function createTestUsers(services: Services): Promise<void> {
  await services.users.ensureInitialAdmin(ADMIN_PASSWORD);
  for (const role of [Role.Supervisor, Role.Operator, Role.QualityTechnician] as const) {
    await services.users.create(
      { ...testUsers[role], user_role: role, password: USER_PASSWORD },
      'Test setup',
    );
  }
}

/** Signs in to an app through its API as each role, and calls the API as one. */
export function apiCallers(app: FastifyInstance, config: Config): Pick<TestApp, 'tokenFor' | 'as'> {
  const tokenFor = async (role: RoleId) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: testUsers[role].username, password: passwordOf(role) },
    });
    if (res.statusCode !== 200) throw new Error(`login as role ${role} failed: ${res.body}`);
    return (res.json() as { token: string }).token;
  };
  // A token is signed in again before it expires, as the web app refreshes it: a long test (a
  // soak's thousand sequences) outlives the access token's lifetime.
  const tokens = new Map<RoleId, { token: string; renewAt: number }>();
  const renewAfterMs = Math.max(0, config.accessTokenTtlSeconds - 60) * 1000;
  const as =
    (role: RoleId): ApiCaller =>
    async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const held = tokens.get(role);
      const token = held && Date.now() < held.renewAt ? held.token : await tokenFor(role);
      if (token !== held?.token) tokens.set(role, { token, renewAt: Date.now() + renewAfterMs });
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T };
    };
  return { tokenFor, as };
}

/**
 * Tests start on a plant whose modes and levels are known: on a loaded machine a request sent
 * before the first full scan ended was refused because the PLC's values were unknown.
 */
export async function plantScanned(services: Services): Promise<void> {
  await eventually(
    () => {
      const health = services.runtime.health();
      return health?.state === 'connected' && health.scan.cycles >= 2 ? true : undefined;
    },
    'the first full scan of the plant',
    60_000,
  );
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

export { seedDemoPlant } from '../src/demo/seed-demo-plant.ts';

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
  /** The lot's moisture (%) and density (g/L), when the test gives them. */
  figures: { moisturePct?: number; densityGPerL?: number } = {},
): Promise<string> {
  const ref = (await services.devices.summary(code)).d_id;
  stockedLots += 1;
  const lotNumber = `LOT-${code}-${process.pid}-${stockedLots}`;
  const lotId = await services.ledger.createLot({ lotNumber, beanId, kind: 'green', ...figures });
  await services.ledger.receive({ toDevice: ref, lotId, lbs, reason: 'adjust' });
  const book = (await services.ledger.occupancyCenti([ref])).get(ref) ?? 0;
  services.runtime.simulator.running?.model.setValue(code, 'Occupancy', book / 100);
  return lotNumber;
}

/**
 * Makes the database refuse to mark one dump or transfer completed, as a crash between its
 * booking and its completion would leave it, made certain. Returns what takes the refusal away.
 */
export async function refuseCompletion(
  database: DatabaseHandle,
  table: 'dumps' | 'transfers',
  id: number,
): Promise<() => Promise<void>> {
  const name = `refuse_${table}_completion`;
  await database.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.id = ${id} and new.status = 'completed' then
          raise exception 'the completion could not be stored';
        end if;
        return new;
      end $$`),
  );
  await database.db.execute(
    sql.raw(`create trigger ${name} before update on ${table}
      for each row execute function ${name}()`),
  );
  return async () => {
    await database.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await database.db.execute(sql.raw(`drop function ${name}()`));
  };
}

/** How many ledger entries a dump or a transfer booked. */
export async function entriesBookedBy(
  database: DatabaseHandle,
  request: 'dump' | 'transfer',
  id: number,
): Promise<number> {
  const column = sql.raw(request === 'dump' ? 'dump_id' : 'transfer_id');
  const result = await database.db.execute(
    sql`select count(*)::int as n from ledger_entries where ${column} = ${id}`,
  );
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}
