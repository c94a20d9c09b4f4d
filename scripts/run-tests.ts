/**
 * `npm test`: every tier of tests, the cheapest first, and the time each stage took.
 *
 * 1. unit and db: the tests without a database, and those that open one on the embedded database
 *    (PGlite), in one run: the unit tier's longest file mostly waits on a PLC's back-off, and
 *    the db tier's files keep the processors busy meanwhile.
 * 2. build: the web app and the bundled server the browser tests serve.
 * 3. e2e: the browser tests, on that PostgreSQL server when TEST_DATABASE_URL is set: a screen
 *    behaves the same on either database (the db tier proves the server on both), and the
 *    browser tests' own server costs a quarter less processor time there than on the embedded
 *    database, which shares the processors with Chromium.
 * 4. With TEST_DATABASE_URL set, the db tier again on that PostgreSQL server. Not beside the
 *    browser tests: those keep both cores of the CI machine busy on their own.
 *
 * Every stage runs even when an earlier one failed, so one run reports every failure; the exit
 * code is that of the first failure. The failed tests of every stage are listed again at the end,
 * beside the stage times: a CI log is often read from its tail only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Stage {
  name: string;
  command: [string, ...string[]];
  env: NodeJS.ProcessEnv;
  /** Where a Vitest stage writes its JSON report, read for the list of failures. */
  report?: string;
}

interface Outcome {
  name: string;
  seconds: number;
  code: number;
  failures: string[];
}

/** Vitest's JSON report, as far as the list of failures needs it. */
interface VitestReport {
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

const postgresUrl = process.env.TEST_DATABASE_URL;
// The tiers on the embedded database must not see the PostgreSQL server's address.
const embedded: NodeJS.ProcessEnv = { ...process.env };
delete embedded.TEST_DATABASE_URL;

const reports = mkdtempSync(join(tmpdir(), 'roastery-tests-'));
let reportCount = 0;

/** A Vitest stage: the usual output, and a JSON report for the summary. */
function vitestStage(name: string, env: NodeJS.ProcessEnv, ...args: string[]): Stage {
  reportCount += 1;
  const report = join(reports, `${reportCount}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return { name, env, report, command: ['npx', 'vitest', 'run', ...args, ...reporters] };
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.slice(0, 200) ?? '';

/** Each failed test (or file that failed outside its tests), with the first line of why. */
function failuresIn(report: string | undefined): string[] {
  if (!report) return [];
  let parsed: VitestReport;
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  } catch {
    return [];
  }
  const root = process.cwd() + '/';
  return parsed.testResults.flatMap((file) => {
    const where = file.name.replace(root, '');
    const failed = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages[0] ?? '')}`);
    if (failed.length > 0 || file.status !== 'failed') return failed;
    return [`${where}: ${firstLine(file.message)}`];
  });
}

function run(stage: Stage): Promise<Outcome> {
  const started = performance.now();
  const [command, ...args] = stage.command;
  const child = spawn(command, args, { env: stage.env, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const failures = failuresIn(stage.report);
      resolve({ name: stage.name, seconds, code: code ?? (signal ? 1 : 0), failures });
    });
  });
}

const outcomes: Outcome[] = [];
const onPostgres = postgresUrl ? { ...embedded, TEST_DATABASE_URL: postgresUrl } : undefined;
const stages: Stage[] = [
  vitestStage('unit + db (embedded)', embedded, '--project', 'unit', '--project', 'db'),
  { name: 'build', command: ['npm', 'run', 'build'], env: embedded },
  vitestStage(
    onPostgres ? 'e2e (PostgreSQL)' : 'e2e',
    onPostgres ?? embedded,
    '--config',
    'e2e/vitest.config.ts',
  ),
];
if (onPostgres) stages.push(vitestStage('db (PostgreSQL)', onPostgres, '--project', 'db'));
for (const stage of stages) {
  console.log(`\n=== ${stage.name}`);
  outcomes.push(await run(stage));
}

rmSync(reports, { recursive: true, force: true });

for (const o of outcomes.filter((outcome) => outcome.failures.length > 0)) {
  console.log(`\nfailed in ${o.name}:`);
  for (const failure of o.failures) console.log(`  ${failure}`);
}
console.log('\nstage                  seconds  result');
for (const o of outcomes) {
  console.log(
    `${o.name.padEnd(22)} ${o.seconds.toFixed(1).padStart(7)}  ${o.code ? 'failed' : 'passed'}`,
  );
}
console.log(
  JSON.stringify({ stages: outcomes.map(({ name, seconds, code }) => ({ name, seconds, code })) }),
);
process.exitCode = outcomes.find((o) => o.code !== 0)?.code ?? 0;
