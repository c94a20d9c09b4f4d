/**
 * Register to pixel in every tab of one browser: N console tabs signed in as one user in one
 * browser share one live stream (one tab holds it and hands its events to the others over a
 * BroadcastChannel). Times a value changing in the PLC (the simulator's register) to its text
 * visible on the device page of the first tab and of the last, in the same changes, and notes
 * which tabs opened a stream and how many device requests the last tab made per change.
 *
 *   node bench/tabs-latency.ts [--samples 40] [--interval 100] [--tabs 10]
 *
 * Prints one JSON document on stdout. Both ends read the same machine clock, as in
 * pixel-latency.ts. Needs the built web app (npm run build).
 */
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { loadNow, now, startConsoleInBrowser } from './console-in-browser.ts';
import { latencySummary } from './latency-summary.ts';
import { shownAt, watchForText } from './text-shown-at.ts';
import { atMost, reported } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    interval: { type: 'string', default: '100' },
    tabs: { type: 'string', default: '10' },
  },
});
const samples = Number(args.samples);
const intervalMs = Number(args.interval);
const tabCount = Number(args.tabs);
const DEVICE = 'GS3';
const COMMAND = 'Occupancy';

/** Notes the time the text first shows in the tab's command item, from now on. */
async function watchFor(tab: Page, text: string): Promise<void> {
  await watchForText(tab, COMMAND, text);
}

const plant = await startConsoleInBrowser({ scanIntervalMs: intervalMs, streamsPerUser: 8 });
let result;
try {
  const { simulator: sim, url } = plant;
  const first = await plant.signedIn();
  const tabs = [first];
  for (let i = 1; i < tabCount; i++) tabs.push(await first.context().newPage());
  // Which tabs opened a stream of their own, counted from the first tab's load of the page.
  const streamsOpened = tabs.map(() => 0);
  tabs.forEach((tab, index) => {
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/live') streamsOpened[index]! += 1;
    });
  });
  for (const tab of tabs) {
    await tab.goto(url(`/device?id=${DEVICE}`));
    await tab.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    await tab.getByRole('tab', { name: 'PLC Commands' }).click();
    await tab.getByRole('listitem', { name: COMMAND }).waitFor();
  }
  const last = tabs.at(-1)!;
  let lastTabRequests = 0;
  last.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/device')) lastTabRequests += 1;
  });

  const firstLatencies: number[] = [];
  const lastLatencies: number[] = [];
  const load = [loadNow()];
  for (let i = 1; i <= samples; i++) {
    const value = 2000 + i * 10;
    const text = `${value.toLocaleString('en-US')} lbs`;
    await watchFor(first, text);
    await watchFor(last, text);
    const writtenAt = now();
    sim.model.setValue(DEVICE, COMMAND, value);
    firstLatencies.push((await shownAt(first, text)) - writtenAt);
    lastLatencies.push((await shownAt(last, text)) - writtenAt);
    // Start the next change at a random point of the scan cycle.
    await new Promise((r) => setTimeout(r, intervalMs + Math.random() * intervalMs));
  }
  load.push(loadNow());
  result = {
    loadAverage: load,
    streamsOpened,
    first: { latencies: firstLatencies, ms: latencySummary(firstLatencies) },
    last: { latencies: lastLatencies, ms: latencySummary(lastLatencies) },
    lastTabDeviceRequestsPerChange: lastTabRequests / samples,
  };
} finally {
  await plant.close();
}

const firstMs = result.first.ms;
const lastMs = result.last.ms;
const besideFirst = (value: number) => ({
  baseline: { name: 'first tab', value, unit: 'ms' },
});
console.log(
  JSON.stringify(
    {
      benchmark: 'tabs-latency',
      description: `PLC register change -> its text visible on the device page of the first and the last of ${tabCount} console tabs of one user in one browser`,
      scanIntervalMs: intervalMs,
      tabs: tabCount,
      samples,
      ...result,
      metrics: [
        reported('web.tabs-latency.first-tab.p50', firstMs.median, 'ms'),
        reported('web.tabs-latency.first-tab.p99', firstMs.p99, 'ms'),
        // The same targets as the register-to-pixel path of a single tab.
        atMost(
          `web.tabs-latency.tab-${tabCount}.p50`,
          lastMs.median,
          'ms',
          100,
          besideFirst(firstMs.median),
        ),
        atMost(
          `web.tabs-latency.tab-${tabCount}.p99`,
          lastMs.p99,
          'ms',
          250,
          besideFirst(firstMs.p99),
        ),
        reported(
          'web.tabs-latency.streams-opened',
          result.streamsOpened.reduce((a, b) => a + b, 0),
          'streams',
        ),
        reported(
          `web.tabs-latency.tab-${tabCount}.device-requests-per-change`,
          result.lastTabDeviceRequestsPerChange,
          'requests',
        ),
      ],
    },
    null,
    2,
  ),
);
