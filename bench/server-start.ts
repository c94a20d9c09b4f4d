/**
 * Start to ready: the console process started as `npm start` starts it (its environment and node
 * options) on an existing data directory, from the spawn to the first 200 of
 * `/api/health/ready` (database open and migrated, plant gateway connected to the simulator),
 * polled every 10 ms; several starts, each ended with SIGTERM as a service manager does. The
 * first start, which creates the database and seeds the demo plant, is timed apart. Also times
 * `npm start`'s prestart check (scripts/ensure-ready.sh) with everything installed and built.
 * Each start's CPU time until ready is given too: on a shared machine the wall time follows the
 * load, the CPU time does not.
 *
 *   node bench/server-start.ts [--runs 5]
 *
 * Embedded database (the data directory's). Prints one JSON document on stdout. Needs
 * `npm run build`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, root, startCommand, stopConsole, waitReady } from './console-process.ts';
import { latencySummary } from './latency-summary.ts';
import { atMost, reported, type MetricRecord } from './metric.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(args.runs);
const start = startCommand();
const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));

/**
 * CPU time (user + system) a process has used, in ms, from /proc: the load-independent share
 * of a start on a shared machine. Fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms.
 */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startToReady(): Promise<{ ms: number; cpuMs: number }> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [...start.options, start.script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...start.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      ADMIN_PASSWORD: 'bench-start-password',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    await waitReady(`http://127.0.0.1:${port}`, child, 10);
    return { ms: performance.now() - began, cpuMs: cpuMs(child.pid!) };
  } finally {
    await stopConsole(child);
  }
}

try {
  const loadAtStart = Math.round(loadavg()[0]! * 10) / 10;
  const first = await startToReady();
  const starts: { ms: number; cpuMs: number }[] = [];
  for (let i = 0; i < runs; i++) starts.push(await startToReady());
  const times = starts.map((s) => s.ms);
  const prestartBegan = performance.now();
  const prestart = spawnSync('sh', ['scripts/ensure-ready.sh'], { cwd: root, stdio: 'ignore' });
  if (prestart.status !== 0) throw new Error('scripts/ensure-ready.sh failed');
  const prestartMs = performance.now() - prestartBegan;
  const ms = latencySummary(times);
  const metrics: MetricRecord[] = [
    atMost('server.start-to-ready.median', ms.median, 'ms', 2000),
    reported('server.start-to-ready.max', ms.max, 'ms'),
    reported(
      'server.start-to-ready.cpu.median',
      latencySummary(starts.map((s) => s.cpuMs)).median,
      'ms',
    ),
    reported('server.first-start-to-ready', first.ms, 'ms'),
    reported('server.prestart-check', prestartMs, 'ms'),
  ];
  console.log(
    JSON.stringify(
      {
        benchmark: 'server-start',
        startCommand: start,
        loadAverage: [loadAtStart, Math.round(loadavg()[0]! * 10) / 10],
        firstStart: { ms: Math.round(first.ms), cpuMs: first.cpuMs },
        runs: starts.map((s) => ({ ms: Math.round(s.ms), cpuMs: s.cpuMs })),
        ms,
        prestartMs: Math.round(prestartMs),
        metrics,
      },
      null,
      2,
    ),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
