/**
 * Runs every benchmark and writes each one's JSON to bench/results/<name>.json, then prints a
 * summary document on stdout. Each benchmark is its own process, so none disturbs another.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
const benchmarks = [
  'plc-scan',
  'plc-reconnect',
  'live-latency',
  'live-fanout',
  'pixel-latency',
  'engine-latency',
  'ledger',
  'events',
  'recall',
  'web-delivery',
  'request-path',
  'dashboard-load',
  'server-memory',
];
const results: Record<string, unknown> = {};
mkdirSync(join(here, 'results'), { recursive: true });
for (const name of benchmarks) {
  console.error(`running ${name}...`);
  const run = spawnSync(process.execPath, [join(here, `${name}.ts`)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`${name} failed with exit code ${run.status}`);
  results[name] = JSON.parse(run.stdout);
  writeFileSync(join(here, 'results', `${name}.json`), run.stdout);
}
console.log(JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
