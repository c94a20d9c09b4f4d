/**
 * The benchmark suite: runs each benchmark of suite.ts in its own process (so none disturbs
 * another), keeps each one's JSON in results/<name>.json, and gathers their metric records into
 * results/latest.json and results/latest.md, printing the table on stdout.
 *
 *   npm run bench [-- --only plc-scan,request-path] [-- --quick]
 *
 * The database is PostgreSQL when DATABASE_URL is set (handed to each benchmark as
 * TEST_DATABASE_URL, which the test databases follow), else the embedded one. A benchmark that
 * fails is recorded as failed and the suite goes on; the exit code is then 1. A missed target is
 * a figure, not a failure of the run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { MetricRecord } from './metric.ts';
import { suite } from './suite.ts';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
});

const here = import.meta.dirname;
const known = new Set(suite.map((entry) => entry.name));
const only = args.only?.split(',').map((name) => name.trim()) ?? [];
const unknown = only.filter((name) => !known.has(name));
if (unknown.length > 0) {
  throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${[...known].join(', ')}`);
}
const selected = suite.filter((entry) => only.length === 0 || only.includes(entry.name));

const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl ? 'postgres' : 'pglite';
const env = { ...process.env };
if (databaseUrl) env.TEST_DATABASE_URL = databaseUrl;
else delete env.TEST_DATABASE_URL;

interface BenchmarkRun {
  name: string;
  args: readonly string[];
  seconds: number;
  status: 'ok' | 'failed';
  error?: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const loadAtStart = loadavg().map(round1);
const benchmarks: BenchmarkRun[] = [];
const metrics: MetricRecord[] = [];
const resultsDir = join(here, 'results');
mkdirSync(resultsDir, { recursive: true });

for (const entry of selected) {
  const benchArgs = args.quick ? entry.quick : entry.args;
  console.error(`running ${entry.name} ${benchArgs.join(' ')}...`);
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(here, `${entry.name}.ts`), ...benchArgs], {
    encoding: 'utf8',
    env,
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const seconds = round1((performance.now() - started) / 1000);
  const record: BenchmarkRun = { name: entry.name, args: benchArgs, seconds, status: 'ok' };
  try {
    if (run.status !== 0) throw new Error(`exit code ${run.status ?? run.signal}`);
    const output = JSON.parse(run.stdout) as { metrics?: MetricRecord[] };
    writeFileSync(join(resultsDir, `${entry.name}.json`), run.stdout);
    metrics.push(...(output.metrics ?? []));
  } catch (error) {
    record.status = 'failed';
    record.error = error instanceof Error ? error.message : String(error);
    console.error(`${entry.name} failed: ${record.error}`);
  }
  benchmarks.push(record);
}

const latest = {
  at: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    load: { start: loadAtStart, end: loadavg().map(round1) },
  },
  database,
  quick: args.quick,
  benchmarks,
  metrics,
};
writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(latest, null, 2)}\n`);

const cell = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'pass' : 'MISS');
const rows = metrics.map((m) => [
  m.name + (m.database ? ` (${m.database})` : ''),
  cell(m.value),
  m.unit,
  cell(m.target),
  verdict(m.pass),
  m.baseline ? `${m.baseline.name} ${m.baseline.value} ${m.baseline.unit}` : '',
]);
const header = ['metric', 'value', 'unit', 'target', 'pass', 'baseline (same run)'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
const table = [
  line(header),
  line(widths.map((w) => '-'.repeat(w))),
  ...rows.map((r) => line(r)),
].join('\n');
const failed = benchmarks.filter((b) => b.status === 'failed');
const summary = [
  `Benchmarks of ${latest.at} on ${latest.machine.cpus} CPUs (load ${loadAtStart.join(' ')} at start, ${latest.machine.load.end.join(' ')} at end), ${database}${args.quick ? ', quick' : ''}.`,
  `Targets met: ${metrics.filter((m) => m.pass === true).length} of ${metrics.filter((m) => m.pass !== null).length}.`,
  ...failed.map((b) => `Failed: ${b.name} (${b.error}).`),
].join('\n');
writeFileSync(join(resultsDir, 'latest.md'), `# Benchmarks\n\n${summary}\n\n${table}\n`);
console.log(`${summary}\n\n${table}`);
if (failed.length > 0) process.exitCode = 1;
