/**
 * `npm test`: every tier of tests, the cheapest first, and the time each stage took.
 *
 * 1. unit: no database, no network.
 * 2. db: the tests that open a database, on the embedded one (PGlite).
 * 3. build: the web app and the bundled server the browser tests serve.
 * 4. e2e: the browser tests.
 * 5. With TEST_DATABASE_URL set, the db tier again on that PostgreSQL server. Not beside the
 *    browser tests: run that way on two cores, its ledger property test alone took 12 minutes.
 *
 * Every stage runs even when an earlier one failed, so one run reports every failure; the exit
 * code is that of the first failure.
 */
import { spawn } from 'node:child_process';

interface Stage {
  name: string;
  command: [string, ...string[]];
  env: NodeJS.ProcessEnv;
}

interface Outcome {
  name: string;
  seconds: number;
  code: number;
}

const postgresUrl = process.env.TEST_DATABASE_URL;
// The tiers on the embedded database must not see the PostgreSQL server's address.
const embedded: NodeJS.ProcessEnv = { ...process.env };
delete embedded.TEST_DATABASE_URL;

const vitest = (...args: string[]): Stage['command'] => ['npx', 'vitest', 'run', ...args];

function run(stage: Stage): Promise<Outcome> {
  const started = performance.now();
  const [command, ...args] = stage.command;
  const child = spawn(command, args, { env: stage.env, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      resolve({ name: stage.name, seconds, code: code ?? (signal ? 1 : 0) });
    });
  });
}

const outcomes: Outcome[] = [];
const stages: Stage[] = [
  { name: 'unit', command: vitest('--project', 'unit'), env: embedded },
  { name: 'db (embedded)', command: vitest('--project', 'db'), env: embedded },
  { name: 'build', command: ['npm', 'run', 'build'], env: embedded },
  { name: 'e2e', command: vitest('--config', 'e2e/vitest.config.ts'), env: embedded },
];
if (postgresUrl) {
  const onPostgres = { ...embedded, TEST_DATABASE_URL: postgresUrl };
  stages.push({ name: 'db (PostgreSQL)', command: vitest('--project', 'db'), env: onPostgres });
}
for (const stage of stages) {
  console.log(`\n=== ${stage.name}`);
  outcomes.push(await run(stage));
}

console.log('\nstage                 seconds  result');
for (const o of outcomes) {
  console.log(
    `${o.name.padEnd(21)} ${o.seconds.toFixed(1).padStart(7)}  ${o.code ? 'failed' : 'passed'}`,
  );
}
console.log(JSON.stringify({ stages: outcomes }));
process.exitCode = outcomes.find((o) => o.code !== 0)?.code ?? 0;
