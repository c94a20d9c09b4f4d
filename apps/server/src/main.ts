import { mkdirSync } from 'node:fs';
import { databaseOptionsFrom, openDatabase } from '@roastery/db';
import { ConfigError, loadConfig } from './config.ts';
import { appVersion, buildApp, createServices } from './app.ts';
import { createLogger } from './lib/logger.ts';
import { safeMessage } from './lib/log-safety.ts';
import { seedDemoPlant } from './plant/runtime/seed-demo-plant.ts';
import { seedDemoOrders } from './modules/orders/seed-demo-orders.ts';

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
  await database.migrate();

  const services = await createServices(config, database, logger);
  await services.settings.ensureDefaults();
  if (await seedDemoPlant(database.db, services.plant)) {
    logger.info('Seeded the demo plant on the empty database.');
    if (await seedDemoOrders(services)) logger.info('Seeded demo orders.');
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

  await services.startPlant();
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
    await services.stopPlant();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', (s) => void stop(s));
  process.on('SIGTERM', (s) => void stop(s));
}

main().catch((error: unknown) => {
  console.error('The console could not start:', safeMessage(error));
  process.exit(1);
});
