/**
 * Live-update latency: from a value changing in the PLC (the simulator's register) to the
 * Server-Sent Event reaching a browser-like client of /api/live, through the real gateway,
 * scanner, event bus and HTTP stream.
 *
 *   node bench/live-latency.ts [--samples 40] [--interval 250]
 *
 * Prints one JSON document on stdout. The latency is bounded below by the scan: a change waits
 * on average half a scan interval to be read, so compare runs at the same interval.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { reported } from './metric.ts';
import { latencySummary } from './latency-summary.ts';
import { openLiveStream, type LiveStreamClient } from './live-stream-reader.ts';
import { Role } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp } from '@roastery/server/testing';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    interval: { type: 'string', default: '250' },
  },
});
const samples = Number(args.samples);
const intervalMs = Number(args.interval);

const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const t = await buildTestApp({ PLC_SCAN_INTERVAL: `${intervalMs}ms` }, { plant: true });
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
let stream: LiveStreamClient | undefined;
try {
  const sim = t.services.runtime.simulator.running;
  if (!sim) throw new Error('the simulator is not running');
  const token = await t.tokenFor(Role.Supervisor);
  const waiting = new Map<number, (at: number) => void>();
  stream = await openLiveStream(base, token, (event) => {
    if (event.type === 'device' && event.device_id === 'DS1' && event.change === 'value') {
      waiting.get(event.value ?? -1)?.(performance.now());
    }
  });

  while (!t.services.runtime.connected()) await new Promise((r) => setTimeout(r, 50));
  const latencies: number[] = [];
  for (let i = 1; i <= samples; i++) {
    const value = 100 + i;
    const arrived = new Promise<number>((resolve) => waiting.set(value, resolve));
    const start = performance.now();
    sim.model.setValue('DS1', 'Scale Weight', value);
    latencies.push((await arrived) - start);
    waiting.delete(value);
    // Start the next change at a random point of the scan cycle.
    await new Promise((r) => setTimeout(r, Math.random() * intervalMs));
  }
  const summary = latencySummary(latencies);
  console.log(
    JSON.stringify(
      {
        benchmark: 'live-latency',
        description: 'PLC register change -> SSE event at a client of /api/live',
        scanIntervalMs: intervalMs,
        samples,
        ms: summary,
        metrics: [
          reported(`live.change-to-client.p50@${intervalMs}ms-scan`, summary.median, 'ms'),
          reported(`live.change-to-client.p99@${intervalMs}ms-scan`, summary.p99, 'ms'),
        ],
      },
      null,
      2,
    ),
  );
} finally {
  stream?.close();
  await t.close();
  await removeTemplate();
  await rm(dir, { recursive: true, force: true });
}
