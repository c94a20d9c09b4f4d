/**
 * Register to pixel: from a value changing in the PLC (the simulator's register) to its text
 * visible on the device page in Chromium, with other pages of the console open on /device and
 * the dashboard and more signed-in sessions holding live streams (node:http clients, as tabs on
 * other machines would). Also counts the device requests the measured page made per change. Runs
 * once per PLC delay profile: `lib` is the simulator's library server (about 1 ms per request),
 * a number is the simulator answering each request after that many ms, as a PLC does at the end
 * of its own scan.
 *
 *   node bench/pixel-latency.ts [--samples 40] [--interval 100] [--others 10] [--sessions 50]
 *     [--plc-delays lib,20]
 *
 * Prints one JSON document on stdout. Both ends read the same machine clock: the server side as
 * performance.timeOrigin + performance.now() at the write, the page the same at the mutation
 * that shows the text. Needs the built web app (npm run build).
 */
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { Role, type LiveEvent } from '@roastery/contract';
import { loadNow, now, startConsoleInBrowser } from './console-in-browser.ts';
import { latencySummary } from './latency-summary.ts';
import { shownAt, watchForText } from './text-shown-at.ts';
import { openLiveStream, type LiveStreamClient } from './live-stream-reader.ts';
import { atMost, reported, type MetricRecord } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    interval: { type: 'string', default: '100' },
    others: { type: 'string', default: '10' },
    sessions: { type: 'string', default: '50' },
    'plc-delays': { type: 'string', default: 'lib,20' },
  },
});
const samples = Number(args.samples);
const intervalMs = Number(args.interval);
const others = Number(args.others);
// The measured page and the other pages are sessions too; the rest hold a live stream only.
const sessions = Math.max(Number(args.sessions), others + 1);
const DEVICE = 'GS3';
const COMMAND = 'Occupancy';

async function measure(plcDelay: string) {
  const plcDelayMs = plcDelay === 'lib' ? undefined : Number(plcDelay);
  const plant = await startConsoleInBrowser({
    scanIntervalMs: intervalMs,
    ...(plcDelayMs === undefined ? {} : { plcDelayMs }),
    streamsPerUser: sessions + 5,
  });
  const streams: LiveStreamClient[] = [];
  try {
    const { server, simulator: sim, url } = plant;
    const background: Page[] = [];
    for (let i = 0; i < others; i++) {
      const other = await plant.signedIn();
      if (i % 2 === 0) await other.goto(url('/device'));
      background.push(other);
    }
    // The first of these streams also times the delivery of each change, on this clock.
    const delivered = new Map<number, number>();
    for (let i = others + 1; i < sessions; i++) {
      const token = await server.tokenFor(Role.Supervisor);
      const onEvent =
        streams.length > 0
          ? () => undefined
          : (event: LiveEvent) => {
              if (event.type === 'device' && event.device_id === DEVICE) {
                if (typeof event.value === 'number' && !delivered.has(event.value)) {
                  delivered.set(event.value, now());
                }
              }
            };
      streams.push(await openLiveStream(server.url, token, onEvent));
    }
    const page = await plant.signedIn();
    await page.goto(url(`/device?id=${DEVICE}`));
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    await page.getByRole('tab', { name: 'PLC Commands' }).click();
    const item = page.getByRole('listitem', { name: COMMAND });
    await item.waitFor();
    for (const other of background) {
      await other.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    }

    let requests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/device')) requests += 1;
    });
    const latencies: number[] = [];
    const deliveries: number[] = [];
    const load = [loadNow()];
    for (let i = 1; i <= samples; i++) {
      const value = 2000 + i * 10;
      const text = `${value.toLocaleString('en-US')} lbs`;
      await watchForText(page, COMMAND, text);
      const writtenAt = now();
      sim.model.setValue(DEVICE, COMMAND, value);
      latencies.push((await shownAt(page, text)) - writtenAt);
      const deliveredAt = delivered.get(value);
      if (deliveredAt !== undefined) deliveries.push(deliveredAt - writtenAt);
      // Start the next change at a random point of the scan cycle.
      await new Promise((r) => setTimeout(r, intervalMs + Math.random() * intervalMs));
    }
    load.push(loadNow());
    return {
      plcDelay,
      loadAverage: load,
      latencies,
      ms: latencySummary(latencies),
      /** The same changes at a live stream client (node:http): the server's part of the path. */
      deliveries,
      deliveryMs: latencySummary(deliveries),
      deviceRequestsPerChange: requests / samples,
    };
  } finally {
    for (const stream of streams) stream.close();
    await plant.close();
  }
}

const runs = [];
for (const delay of args['plc-delays'].split(',')) runs.push(await measure(delay.trim()));

const metrics: MetricRecord[] = runs.flatMap((run) => {
  if (run.plcDelay === 'lib') {
    return [
      atMost('web.pixel-latency.p50', run.ms.median, 'ms', 100),
      atMost('web.pixel-latency.p99', run.ms.p99, 'ms', 250),
      reported('web.pixel-latency.live-delivery.p50', run.deliveryMs.median, 'ms'),
      reported('web.pixel-latency.live-delivery.p99', run.deliveryMs.p99, 'ms'),
      reported(
        'web.pixel-latency.device-requests-per-change',
        run.deviceRequestsPerChange,
        'requests',
      ),
    ];
  }
  const at = `@plc-${run.plcDelay}ms`;
  return [
    reported(`web.pixel-latency.p50${at}`, run.ms.median, 'ms'),
    run.plcDelay === '20'
      ? atMost(`web.pixel-latency.p99${at}`, run.ms.p99, 'ms', 300)
      : reported(`web.pixel-latency.p99${at}`, run.ms.p99, 'ms'),
  ];
});
console.log(
  JSON.stringify(
    {
      benchmark: 'pixel-latency',
      description:
        'PLC register change -> its text visible on the device page in Chromium, with other console pages and live sessions open',
      scanIntervalMs: intervalMs,
      otherPages: others,
      sessions,
      samples,
      runs,
      metrics,
    },
    null,
    2,
  ),
);
