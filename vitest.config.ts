import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { longFilesFirst } from './e2e/support/long-files-first.ts';

/**
 * A server test belongs to the db tier when it opens a database: it imports a fixture that does
 * (test/helper.ts, a *-fixtures.ts, @roastery/db, the server's testing entry), starts a server
 * process, or tests the database package itself. The others (pure functions, a Fastify instance
 * without routes to a database) run in the unit tier, once, with no database.
 */
const OPENS_DATABASE =
  /from '[^']*test\/[^']*(?:helper|fixtures)\.ts'|from '\.\.?\/(?:helper|[a-z-]*fixtures)\.ts'|from '@roastery\/(?:db|server\/testing)[^']*'|spawn\(/;
const serverTests = globSync('apps/server/**/*.test.ts', { exclude: ['**/node_modules/**'] });
const serverUnitTests = serverTests.filter(
  (file) => !OPENS_DATABASE.test(readFileSync(file, 'utf8')),
);

/**
 * Tests of the embedded database itself (its data folder, backups, the lock, a server process
 * killed on its folder): they open PGlite whatever TEST_DATABASE_URL says, so the PostgreSQL pass
 * would only run them a second time.
 */
const EMBEDDED_ONLY = [
  'packages/db/src/backup.test.ts',
  'packages/db/src/data-dir-lock.test.ts',
  'packages/db/src/database.test.ts',
  'apps/server/test/crash/crash-restart.test.ts',
];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The files that take a minute or more (measured on the 2-core CI machine), longest first: each
 * starts at once, so that the run does not end on one of them alone. The PLC link under faults
 * and the crashed server mostly wait, so they overlap with the files that compute.
 */
const LONG_FILES = [
  'apps/server/src/modules/inventory/ledger-invariants-1.test.ts',
  'apps/server/src/modules/inventory/ledger-invariants-2.test.ts',
  'apps/server/src/modules/order-runs/order-runs.test.ts',
  'apps/server/test/crash/crash-restart.test.ts',
  'packages/plc/src/link-faults.test.ts',
  'apps/server/src/modules/order-runs/demo-lines.test.ts',
  // Each roasts whole batches on the simulator over Modbus TCP, a second at a time.
  'apps/server/src/modules/roast-control/roast-restart.test.ts',
  'apps/server/src/modules/roast-control/roast-restart-drop.test.ts',
  'apps/server/src/modules/roast-control/set-point-control.test.ts',
  'apps/server/src/modules/order-runs/green-lot-roast.test.ts',
  'apps/server/src/modules/quality/dark-roast-hold.test.ts',
];

export default defineConfig({
  test: {
    // Twice as many workers as the CI machine's two cores: many files spend much of their time
    // waiting on a simulated plant, a restarted server process or a PLC's back-off, and a third
    // and fourth file keep the processors busy meanwhile (measured on two cores: the db tier
    // took 452 s with two workers, 312 s with four). Each db file has a database of its own.
    maxWorkers: process.env.TEST_WORKERS ?? 4,
    // One module graph per worker, not per file: every file builds its own app on its own
    // database, so nothing a file leaves in a module is read by the next. Importing the server
    // and compiling the embedded database anew for each file was half the db tier's time (70
    // files: 285 s isolated, 130 s not).
    isolate: false,
    sequence: { sequencer: longFilesFirst(LONG_FILES) },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/*.test.ts',
            ...serverUnitTests,
          ],
          exclude: ['packages/db/**', '**/node_modules/**'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/server/**/*.test.ts', 'packages/db/**/*.test.ts'],
          exclude: [...serverUnitTests, ...(onPostgres ? EMBEDDED_ONLY : []), '**/node_modules/**'],
          globalSetup: ['packages/db/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
