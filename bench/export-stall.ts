/**
 * Exports against the PLC scan: the demo plant's gateway scans a simulator (in a process of its
 * own) every `--interval` ms in the server's process, as in the console, while one, two and
 * three large report exports (`POST /api/report/export`, about 20 MB of rows) run at once; the
 * same scan with no export (the baseline) is measured first in the same run. The export clients
 * run in a child process, which also samples the server's resident memory from /proc, so neither
 * their work nor a stalled server disturbs the figures.
 *
 *   node bench/export-stall.ts [--rows 100000] [--exports 1,2,3] [--formats csv,xls]
 *     [--interval 100] [--baseline 5]
 *
 * Per phase: the scan's lateness (each cycle's start against the previous start plus the
 * interval; a stalled event loop shows as a late cycle) p50/p99/max and its cycle ms; per export
 * phase the rows/s of each export and the server's peak RSS above its level at the phase's
 * start. Embedded database (the export reads no rows from it). JSON on stdout.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Role, type EventExportFormat } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { PlcGateway } from '@roastery/plc';
import { startTestServer } from '@roastery/server/testing';
import { benchPlant } from './generated-plant.ts';
import { reported, type MetricRecord } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    exports: { type: 'string', default: '1,2,3' },
    formats: { type: 'string', default: 'csv,xls' },
    interval: { type: 'string', default: '100' },
    baseline: { type: 'string', default: '5' },
    // Internal: this file run as the export clients' process.
    client: { type: 'boolean', default: false },
  },
});

const round = (n: number) => Math.round(n * 100) / 100;

interface ExportRun {
  url: string;
  token: string;
  format: EventExportFormat;
  rows: number;
  count: number;
  serverPid: number;
}

interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
}

/** A report's table as the web app sends it: a mix of text, numbers and empty cells. */
function reportBody(format: EventExportFormat, rows: number): string {
  const table: (string | number | null)[][] = [];
  for (let i = 0; i < rows; i++) {
    table.push([
      `PO-${i}`,
      `Customer ${i % 97} Café`,
      'Colombia Supremo',
      `LOT-G-${i}`,
      i * 1.25,
      new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
      'Roaster 1',
      i % 3 === 0 ? null : 'Bin 4',
      12.5,
      'finished',
      `Batch ${i} roasted to the profile's end temperature, packed in 5 lb bags`,
    ]);
  }
  const columns = table[0]!.map((_, i) => `Column ${i + 1}`);
  return JSON.stringify({
    format,
    file_name: 'stall',
    sheets: [{ name: 'Batches', columns, rows: table }],
  });
}

function rssOf(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? Number.NaN) * 1024;
}

/** The clients' side: `count` exports at once, timed, with the server's peak RSS meanwhile. */
async function runExports(
  run: ExportRun,
): Promise<{ exports: ExportFigures[]; peakRssMb: number }> {
  const body = reportBody(run.format, run.rows);
  const start = rssOf(run.serverPid);
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(run.serverPid))), 50);
  try {
    const exports = await Promise.all(
      Array.from({ length: run.count }, async () => {
        const t0 = performance.now();
        const res = await fetch(`${run.url}/api/report/export`, {
          method: 'POST',
          headers: { authorization: `Bearer ${run.token}`, 'content-type': 'application/json' },
          body,
        });
        if (res.status !== 200)
          throw new Error(`export answered ${res.status}: ${await res.text()}`);
        let bytes = 0;
        for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
        const seconds = (performance.now() - t0) / 1000;
        return {
          rows: run.rows,
          bytes,
          seconds: round(seconds),
          rowsPerSecond: Math.round(run.rows / seconds),
        };
      }),
    );
    return { exports, peakRssMb: round((peak - start) / 1_048_576) };
  } finally {
    clearInterval(sampler);
  }
}

if (args.client) {
  process.on('message', (run: ExportRun) => {
    runExports(run).then(
      (result) => process.send?.({ result }),
      (err: unknown) => process.send?.({ error: String(err) }),
    );
  });
} else {
  await main();
}

function summary(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return {
    cycles: sorted.length,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

async function main(): Promise<void> {
  const intervalMs = Number(args.interval);
  const rows = Number(args.rows);
  const counts = args.exports.split(',').map(Number);
  const formats = args.formats.split(',') as EventExportFormat[];

  const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
  const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
  const t = await startTestServer();
  const simulator: ChildProcess = fork(join(import.meta.dirname, 'simulator-process.ts'), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const clients: ChildProcess = fork(import.meta.filename, ['--client'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [{ port }] = (await once(simulator, 'message')) as [{ port: number }];
  const plant = benchPlant(0);
  const gateway = new PlcGateway({
    config: {
      protocol: 'modbus-tcp',
      host: '127.0.0.1',
      port,
      unitId: plant.unitId,
      scanIntervalMs: intervalMs,
    },
    plant,
  });
  // The phase under way collects each cycle's lateness and duration.
  let phase: { lateness: number[]; cycleMs: number[] } | undefined;
  let previousStart: number | undefined;
  gateway.on('cycle', (cycle) => {
    const start = performance.now() - cycle.durationMs;
    if (phase && previousStart !== undefined && !cycle.linkError) {
      phase.lateness.push(Math.max(0, start - (previousStart + intervalMs)));
      phase.cycleMs.push(cycle.durationMs);
    }
    previousStart = start;
  });
  const measure = async <T>(task: () => Promise<T>) => {
    phase = { lateness: [], cycleMs: [] };
    const result = await task();
    const scan = { latenessMs: summary(phase.lateness), cycleMs: summary(phase.cycleMs) };
    phase = undefined;
    return { scan, result };
  };
  try {
    gateway.start();
    while (gateway.health().state !== 'connected') await new Promise((r) => setTimeout(r, 50));
    const token = await t.tokenFor(Role.Supervisor);
    const exportsOf = (format: EventExportFormat, count: number) => {
      clients.send({
        url: t.url,
        token,
        format,
        rows,
        count,
        serverPid: process.pid,
      } satisfies ExportRun);
      return once(clients, 'message').then(([reply]) => {
        const { result, error } = reply as {
          result?: Awaited<ReturnType<typeof runExports>>;
          error?: string;
        };
        if (!result) throw new Error(error);
        return result;
      });
    };
    process.stderr.write(`baseline: ${args.baseline} s of scans with no export...\n`);
    const baseline = await measure(
      () => new Promise((r) => setTimeout(r, Number(args.baseline) * 1000)),
    );
    const phases = [];
    for (const format of formats) {
      for (const count of counts) {
        process.stderr.write(`${count} x ${format} export of ${rows} rows...\n`);
        const { scan, result } = await measure(() => exportsOf(format, count));
        phases.push({ format, count, scan, ...result });
      }
    }
    const metrics: MetricRecord[] = [
      reported('export.scan-lateness.p99@no-export', baseline.scan.latenessMs.p99, 'ms'),
      reported('export.scan-lateness.max@no-export', baseline.scan.latenessMs.max, 'ms'),
    ];
    for (const p of phases) {
      const at = `@${p.count}x${p.format}`;
      const base = {
        baseline: { name: 'no export', value: baseline.scan.latenessMs.max, unit: 'ms' },
      };
      metrics.push(
        reported(`export.scan-lateness.p99${at}`, p.scan.latenessMs.p99, 'ms'),
        reported(`export.scan-lateness.max${at}`, p.scan.latenessMs.max, 'ms', base),
        reported(`export.memory-growth${at}`, p.peakRssMb, 'MB'),
        reported(
          `export.rows-per-s${at}`,
          Math.min(...p.exports.map((e) => e.rowsPerSecond)),
          'rows/s',
        ),
      );
    }
    console.log(
      JSON.stringify(
        {
          benchmark: 'export-stall',
          scanIntervalMs: intervalMs,
          rows,
          bodyBytes: reportBody('csv', rows).length,
          baseline: baseline.scan,
          phases,
          metrics,
        },
        null,
        2,
      ),
    );
  } finally {
    await gateway.stop();
    clients.disconnect();
    simulator.disconnect();
    await t.close();
    await removeTemplate();
    await rm(dir, { recursive: true, force: true });
  }
}
