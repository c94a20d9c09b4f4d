import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { Role, type RoleId } from '@roastery/contract';
import { openDatabase, type DatabaseHandle } from '@roastery/db';
import { createTestDatabase } from '@roastery/db/testing';
import { demoInitialValues, startSimulator, type Simulator } from '@roastery/simulator';
import { buildApp, createServices, type Services } from '../src/app.ts';
import { Cluster } from '../src/plant/cluster/cluster.ts';
import { APPLICATION_NAME_PREFIX } from '../src/plant/cluster/leadership.ts';
import { seedDemoPlant } from '../src/demo/seed-demo-plant.ts';
import { ADMIN_PASSWORD, USER_PASSWORD, passwordOf, testConfig, testUsers } from './helper.ts';

/** One server instance of several on one PostgreSQL database, listening on loopback. */
export interface Instance {
  name: string;
  services: Services;
  app: FastifyInstance;
  base: string;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The demo plant on a fresh PostgreSQL database (TEST_DATABASE_URL), its simulated PLC on a
 * loopback port of its own, and as many server instances as a test starts on them.
 */
export interface ClusterPlant {
  url: string;
  simulator: Simulator;
  /** Every Modbus write the simulated PLC received, as `device label=value`, in order. */
  plcWrites: string[];
  start(name: string): Promise<Instance>;
  /**
   * What a crash of an instance looks like to the database: its cluster connections (the
   * leader's lock, the hub's LISTEN) end at once. The instance itself stays up.
   */
  cutOff(name: string): Promise<void>;
  close(): Promise<void>;
}

/** The demo plant's simulated PLC on a loopback port, with every Modbus write it received. */
export interface SeededPlant {
  simulator: Simulator;
  /** Every Modbus write the simulated PLC received, as `device label=value`, in order. */
  plcWrites: string[];
}

/**
 * Seeds the demo plant, its first administrator and the test users on a migrated, empty
 * PostgreSQL database, and starts the plant's simulated PLC for the instances to share.
 */
export async function seedClusterPlant(url: string): Promise<SeededPlant> {
  const seeding = await openDatabase({ kind: 'postgres', url, maxConnections: 2 });
  const seedConfig = testConfig();
  const seedServices = await createServices(seedConfig, seeding);
  await seedServices.settings.ensureDefaults();
  await seedDemoPlant(seeding.db, seedServices.plant);
  await seedServices.users.ensureInitialAdmin(ADMIN_PASSWORD);
  for (const role of [Role.Supervisor, Role.Operator] as const) {
    await seedServices.users.create(
      { ...testUsers[role], user_role: role, password: USER_PASSWORD },
      'Test setup',
    );
  }
  const simulator = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    plant: await seedServices.plant.definition(1),
    initialValues: demoInitialValues,
  });
  await seeding.close();
  await rm(seedConfig.audit.folder, { recursive: true, force: true });
  const plcWrites: string[] = [];
  simulator.store.onWrite((tag, origin) => {
    if (origin === 'modbus') {
      plcWrites.push(`${tag.device_id} ${tag.label}=${simulator.store.valueOf(tag)}`);
    }
  });
  return { simulator, plcWrites };
}

export async function startClusterPlant(): Promise<ClusterPlant> {
  const shared = await createTestDatabase();
  const url = shared.url;
  if (!url) throw new Error('Several instances need PostgreSQL: set TEST_DATABASE_URL.');
  const { simulator, plcWrites } = await seedClusterPlant(url);
  const instances: Instance[] = [];
  // The instances seal one audit chain, so they share its key, as a deployment must.
  const auditKey = randomBytes(32).toString('hex');

  const start = async (name: string): Promise<Instance> => {
    const config = testConfig({
      PLC_HOST: '127.0.0.1',
      PLC_PORT: String(simulator.port),
      PLC_SCAN_INTERVAL: '50ms',
      INSTANCE_NAME: name,
      AUDIT_KEY: auditKey,
    });
    const database = await openDatabase({ kind: 'postgres', url, maxConnections: 5 });
    const cluster = await Cluster.join({ url, instance: name, logger: pino({ level: 'silent' }) });
    const services = await createServices(config, database, { cluster });
    const app = await buildApp({ config, database, services });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await services.runPlant();
    let closed = false;
    const instance: Instance = {
      name,
      services,
      app,
      base,
      database,
      close: async () => {
        if (closed) return;
        closed = true;
        await app.close();
        await services.leavePlant();
        await database.close();
        await rm(config.audit.folder, { recursive: true, force: true });
      },
    };
    instances.push(instance);
    return instance;
  };

  return {
    url,
    simulator,
    plcWrites,
    start,
    cutOff: async (name) => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        // Only this plant's database: another test file's instance may bear the same name.
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = $1 and datname = current_database()`,
          [`${APPLICATION_NAME_PREFIX}${name}`],
        );
      } finally {
        await admin.end();
      }
    },
    close: async () => {
      for (const instance of instances) await instance.close();
      await simulator.stop();
      await shared.close();
    },
  };
}

export async function login(instance: Instance, role: RoleId): Promise<string> {
  const res = await fetch(`${instance.base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: testUsers[role].username, password: passwordOf(role) }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** An API call over HTTP, as a browser of that instance makes it. */
export async function call<T = { message: string }>(
  instance: Instance,
  token: string,
  method: string,
  path: string,
  /** An object is sent as JSON; text is sent as it is, as JSON. */
  body?: object | string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${instance.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
