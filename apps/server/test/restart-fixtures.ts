import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { PlantDefinition } from '@roastery/contract';
import type { DatabaseHandle } from '@roastery/db';
import { createTestDatabase } from '@roastery/db/testing';
import {
  demoInitialValues,
  startSimulator,
  type InitialValue,
  type Simulator,
} from '@roastery/simulator';
import { buildApp, createServices, type Services } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { seedDemoPlant } from '../src/demo/seed-demo-plant.ts';
import { seedDemoStock } from '../src/modules/inventory/seed-demo-stock.ts';
import { seedDemoRoastProfiles } from '../src/modules/roast-profiles/seed-demo-roast-profiles.ts';
import { PlantCatalog } from '../src/plant/catalog/plant-catalog.ts';
import {
  apiCallers,
  createTestUsers,
  plantScanned,
  testConfig,
  TEST_PLC_ENV,
  type TestApp,
} from './helper.ts';

/** One run of the console on the shared database and simulated PLC, until it is closed. */
export interface ConsoleRun extends Pick<TestApp, 'as'> {
  app: FastifyInstance;
  services: Services;
  config: Config;
  /** Stops the console as a deploy does: the database and the PLC stay as they are. */
  close(): Promise<void>;
}

/**
 * The demo plant with its opening stock on one database, and its simulated PLC on a loopback
 * port of its own, whose time only the test moves: consoles are started and stopped on them as a
 * deploy or a crash restarts the server while the plant runs on.
 */
export interface RestartablePlant {
  database: DatabaseHandle;
  simulator: Simulator;
  start(): Promise<ConsoleRun>;
  close(): Promise<void>;
}

export async function restartablePlant(): Promise<RestartablePlant> {
  const database = await createTestDatabase();
  const seedConfig = testConfig();
  const seeding = await createServices(seedConfig, database);
  await seeding.settings.ensureDefaults();
  await seedDemoPlant(database.db, seeding.plant);
  await seedDemoStock(seeding);
  await seedDemoRoastProfiles(database.db);
  await createTestUsers(seeding);
  const plant = await seeding.plant.definition(1);
  const simulator = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    plant,
    clock: 'manual',
    initialValues: [...demoInitialValues, ...(await stockLevels(seeding, plant))],
  });
  await rm(seedConfig.audit.folder, { recursive: true, force: true });
  const runs: ConsoleRun[] = [];

  const start = async (): Promise<ConsoleRun> => {
    const config = testConfig({
      ...TEST_PLC_ENV,
      PLC_HOST: simulator.host,
      PLC_PORT: String(simulator.port),
    });
    // A roast's seconds are the plant's, as its record counts them.
    const services = await createServices(config, database, {
      roastClock: () => simulator.model.now,
    });
    await services.startPlant();
    await plantScanned(services);
    const app = await buildApp({ config, database, services });
    await app.ready();
    let closed = false;
    const run: ConsoleRun = {
      app,
      services,
      config,
      ...apiCallers(app, config),
      close: async () => {
        if (closed) return;
        closed = true;
        await app.close();
        await services.stopPlant();
        await rm(config.audit.folder, { recursive: true, force: true });
      },
    };
    runs.push(run);
    return run;
  };

  return {
    database,
    simulator,
    start,
    close: async () => {
      for (const run of runs) await run.close();
      await simulator.stop();
      await database.close();
    },
  };
}

/** What the books hold in each device with a level, as its simulated level sensor reads it. */
async function stockLevels(services: Services, plant: PlantDefinition): Promise<InitialValue[]> {
  const catalog = new PlantCatalog(plant);
  const level = catalog.commandFor('occupancy');
  if (!level) return [];
  const levels: InitialValue[] = [];
  for (const { device_id } of plant.devices) {
    if (!catalog.refOf(device_id, 'occupancy')) continue;
    const ref = (await services.devices.summary(device_id)).d_id;
    const centi = (await services.ledger.occupancyCenti([ref])).get(ref) ?? 0;
    if (centi > 0) levels.push({ device_id, label: level.label, value: centi / 100 });
  }
  return levels;
}
