/**
 * Server memory: the resident set size of the real console process (the script `npm start` runs,
 * production mode, with its environment and node options, the demo plant seeded on an empty
 * database, the simulator in process) while
 * signed-in sessions keep live streams open and poll the screens' reads; on the embedded
 * database and, for comparison, on PostgreSQL.
 *
 *   node bench/server-memory.ts [--sessions 50] [--seconds 60] [--round 1000]
 *     [--postgres postgres://postgres@127.0.0.1:5432/postgres] [--engines pglite,postgres]
 *
 * Needs the built web app (`npm run build`). RSS is read from /proc/<pid>/status every 500 ms;
 * the server's own breakdown (process.memoryUsage() and the embedded database's WebAssembly
 * memory) comes from a probe loaded only here (memory-probe.ts). Each session runs one round of
 * reads per `--round` ms: the device list, one device's detail, the dashboard's silos and the
 * active notifications; the screens poll these every 10 to 30 s, so one round a second stands
 * for many more users than the sessions counted. "steady" is the median of the last quarter of
 * the load. Prints one JSON document on stdout.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@roastery/db';
import { freePort, root, startCommand, stopConsole, waitReady } from './console-process.ts';
import { atMost, reported, type MetricRecord } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    round: { type: 'string', default: '1000' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    engines: { type: 'string', default: 'pglite,postgres' },
  },
});
const sessions = Number(args.sessions);
const seconds = Number(args.seconds);
const roundMs = Number(args.round);
const password = 'bench-memory-password';
const MB = 1024 * 1024;

interface Probe {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
}

/** VmRSS, RssAnon and RssFile of a process, in MB. */
function residentSet(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function inMB(probe: Probe | undefined) {
  if (!probe) return undefined;
  return Object.fromEntries(Object.entries(probe).map(([k, v]) => [k, round1(v / MB)]));
}

async function getJson(base: string, path: string, token: string): Promise<unknown> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: status ${res.status}`);
  return res.json();
}

async function measure(engine: 'pglite' | 'postgres', databaseUrl?: string) {
  const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = startCommand();
  const child = spawn(
    process.execPath,
    [...start.options, '--import', join(import.meta.dirname, 'memory-probe.ts'), start.script],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: {
        ...process.env,
        ...start.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        ADMIN_PASSWORD: password,
        LOG_LEVEL: 'warn',
        // Every session signs in as the administrator; the default allows 8 streams per user.
        LIVE_MAX_STREAMS_PER_USER: String(sessions),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    },
  );
  const pid = child.pid;
  if (!pid) throw new Error('the server did not start');
  let probe: Probe | undefined;
  child.on('message', (message: { memory?: Probe }) => {
    if (message.memory) probe = message.memory;
  });
  const samples: { at: number; rss: number; anon: number; file: number }[] = [];
  const began = performance.now();
  const sampler = setInterval(() => {
    samples.push({ at: performance.now() - began, ...residentSet(pid) });
  }, 500);
  const abort = new AbortController();
  try {
    await waitReady(base, child);
    await sleep(2000);
    const start = { ...residentSet(pid), probe: inMB(probe) };

    const tokens: string[] = [];
    for (let i = 0; i < sessions; i++) {
      const res = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      if (!res.ok) throw new Error(`sign-in: status ${res.status}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }
    let events = 0;
    for (const token of tokens) {
      const res = await fetch(`${base}/api/live`, {
        headers: { authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      if (!res.ok || !res.body) throw new Error(`live: status ${res.status}`);
      const reader = res.body.getReader();
      void (async () => {
        try {
          for (;;) {
            const { done } = await reader.read();
            if (done) return;
            events++;
          }
        } catch {
          // aborted at the end
        }
      })();
    }
    const devices = (await getJson(base, '/api/device', tokens[0]!)) as { device_id: string }[];
    const loadFrom = performance.now() - began;
    const until = performance.now() + seconds * 1000;
    let requests = 0;
    await Promise.all(
      tokens.map(async (token, s) => {
        for (let n = s; performance.now() < until; n++) {
          const next = performance.now() + roundMs;
          const device = devices[n % devices.length]!.device_id;
          await Promise.all(
            [
              '/api/device',
              `/api/device/detail?id=${encodeURIComponent(device)}`,
              '/api/dashboard/bean',
              '/api/notification/active',
            ].map((path) => getJson(base, path, token)),
          );
          requests += 4;
          await sleep(Math.max(0, next - performance.now()));
        }
      }),
    );
    const loadTo = performance.now() - began;
    const during = samples.filter((s) => s.at >= loadFrom && s.at <= loadTo);
    const lastQuarter = during.filter((s) => s.at >= loadTo - (loadTo - loadFrom) / 4);
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
    return {
      engine,
      start: { rss: round1(start.rss), anon: round1(start.anon), file: round1(start.file) },
      peak: round1(Math.max(...samples.map((s) => s.rss))),
      steady: {
        rss: round1(median(lastQuarter.map((s) => s.rss))),
        anon: round1(median(lastQuarter.map((s) => s.anon))),
        file: round1(median(lastQuarter.map((s) => s.file))),
      },
      probeAtStart: start.probe,
      probeAtEnd: inMB(probe),
      requests,
      requestsPerSecond: Math.round(requests / ((loadTo - loadFrom) / 1000)),
      liveChunks: events,
      timeline: samples
        .filter((_, i) => i % 10 === 0)
        .map((s) => [Math.round(s.at / 1000), round1(s.rss)]),
    };
  } finally {
    clearInterval(sampler);
    abort.abort();
    await stopConsole(child);
    await rm(dir, { recursive: true, force: true });
  }
}

const results = [];
const engines = args.engines.split(',');
if (engines.includes('pglite')) results.push(await measure('pglite'));
if (engines.includes('postgres')) {
  const admin = await openDatabase({ kind: 'postgres', url: args.postgres, maxConnections: 1 });
  const name = `roastery_bench_memory_${process.pid}`;
  await admin.db.execute(sql.raw(`create database ${name}`));
  try {
    const url = new URL(args.postgres);
    url.pathname = `/${name}`;
    results.push(await measure('postgres', url.toString()));
  } finally {
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
  }
}
const metrics: MetricRecord[] = results.flatMap((result) => {
  const database = result.engine === 'postgres' ? 'postgres' : 'pglite';
  return [
    atMost(`server.memory.steady@${sessions}-sessions`, result.steady.rss, 'MB', 250, {
      database,
    }),
    reported('server.memory.peak', result.peak, 'MB', { database }),
  ];
});
console.log(
  JSON.stringify(
    {
      at: new Date().toISOString(),
      startCommand: startCommand(),
      sessions,
      seconds,
      roundMs,
      unit: 'MB',
      results,
      metrics,
    },
    null,
    2,
  ),
);
