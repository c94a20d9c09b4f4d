import { mkdirSync } from 'node:fs';
import { databaseOptionsFrom, openDatabase, type DatabaseHandle } from '@roastery/db';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { buildApp, createServices, type Services } from './app.ts';
import { appVersion } from './lib/app-version.ts';
import { Cluster } from './plant/cluster/cluster.ts';
import { createLogger } from './lib/logger.ts';
import { safeMessage } from './lib/log-safety.ts';
import { addMissingDemoRegisters } from './demo/add-missing-demo-registers.ts';
import { seedDemoPlant } from './demo/seed-demo-plant.ts';
import { seedDemoStock } from './modules/inventory/seed-demo-stock.ts';
import { seedDemoRoastProfiles } from './modules/roast-profiles/seed-demo-roast-profiles.ts';
import { seedDemoOrders } from './modules/orders/seed-demo-orders.ts';
import {
  addMissingDemoDiagrams,
  addMissingDemoWorkflows,
} from './modules/workflows/seed-demo-workflows.ts';

/** The process: reads configuration, prepares the database, listens, and shuts down cleanly. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // JSON lines for log collectors; readable lines when a person watches the terminal.
  const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY });
  logger.info({ version: appVersion }, 'Roastery Console starting');

  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(databaseOptionsFrom(config));
  logger.info(
    { database: database.kind, where: config.databaseUrl ? 'DATABASE_URL' : config.dataDir },
    'database opened',
  );
  // On PostgreSQL any number of instances may share the database; one of them drives the plant.
  const cluster = database.url
    ? await Cluster.join({ url: database.url, instance: config.cluster.instanceName, logger })
    : undefined;
  if (cluster) logger.info({ instance: cluster.instance }, 'joined the instances on the database');
  const prepare = () => prepareDatabase(config, database, logger, cluster);
  const services = await (cluster ? cluster.exclusively(prepare) : prepare());

  await services.runPlant();
  const app = await buildApp({ config, database, services, logger });
  await app.listen({ port: config.port, host: config.host });
  logger.info(`Console ready at http://localhost:${config.port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await services.leavePlant();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', (s) => void stop(s));
  process.on('SIGTERM', (s) => void stop(s));
}

/** Migrations, the services, and on an empty database the demo plant and the first admin. */
async function prepareDatabase(
  config: Config,
  database: DatabaseHandle,
  logger: ReturnType<typeof createLogger>,
  cluster: Cluster | undefined,
): Promise<Services> {
  await database.migrate();
  const services = await createServices(config, database, { logger, cluster });
  await services.settings.ensureDefaults();
  if (await seedDemoPlant(database.db, services.plant)) {
    await seedDemoStock(services);
    await seedDemoRoastProfiles(database.db);
    logger.info(
      'Seeded the demo plant, its beans, products and opening stock on the empty database.',
    );
    if (await seedDemoOrders(services)) logger.info('Seeded demo orders.');
  } else {
    const added = await addMissingDemoWorkflows(database.db);
    if (added.length) logger.info({ workflows: added }, 'Added the missing demo workflows.');
    const registers = await addMissingDemoRegisters(database.db);
    if (registers.length) logger.info({ tags: registers }, 'Added the new demo registers.');
    const drawn = await addMissingDemoDiagrams(database.db);
    if (drawn.length) logger.info({ workflows: drawn }, 'Drew the diagrams of the demo workflows.');
  }
  const created = await services.users.ensureInitialAdmin(config.adminPassword);
  if (created?.generatedPassword) {
    // Printed once, on the first start only: nothing else knows this password.
    logger.warn(
      `Created the administrator account. Username: admin  Password: ${created.generatedPassword}  (shown only now; change it after signing in)`,
    );
  } else if (created) {
    logger.info('Created the administrator account "admin" with ADMIN_PASSWORD.');
  }
  return services;
}

main().catch((error: unknown) => {
  console.error('The console could not start:', safeMessage(error));
  process.exit(1);
});
