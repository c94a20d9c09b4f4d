/**
 * Manual command round trip in Chromium: on a device page in Manual mode, a click on a command's
 * switch; from the click to the pending state (the command's "Switching" status) visible, and to
 * the PLC's feedback shown (the status gone with the switch drawn in the new position, which the
 * page draws from the feedback the scanner read). The simulated plant echoes each write on its
 * feedback at once (`--echo 0`), so the figure is the console's path: the write request, the
 * gateway's write, the next scan, the live stream and the page; a real gate adds its travel.
 *
 *   node bench/command-latency.ts [--samples 40] [--interval 100] [--echo 0]
 *
 * Both times are taken in the page, on one clock: the click as the pointerdown event's time, the
 * states by a MutationObserver. Prints one JSON document on stdout. Needs `npm run build`.
 */
import { parseArgs } from 'node:util';
import { Role, type DeviceDetail } from '@roastery/contract';
import { eventually } from '@roastery/server/testing';
import { loadNow, startConsoleInBrowser } from './console-in-browser.ts';
import { latencySummary } from './latency-summary.ts';
import { atMost, type MetricRecord } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    interval: { type: 'string', default: '100' },
    echo: { type: 'string', default: '0' },
  },
});
const samples = Number(args.samples);
const intervalMs = Number(args.interval);
const DEVICE = 'GS1';
const COMMAND = 'Inlet Gate';

declare global {
  interface Window {
    __command?: { clickAt?: number; pendingAt?: number; feedbackAt?: number; want?: boolean };
  }
}

const plant = await startConsoleInBrowser({
  scanIntervalMs: intervalMs,
  echoDelayMs: Number(args.echo),
  streamsPerUser: 8,
});
try {
  const admin = plant.server.as(Role.Administrator);
  await admin('PUT', `/api/device/mode/${DEVICE}`);
  await eventually(
    async () => {
      const { body } = await admin<DeviceDetail>('GET', `/api/device/detail?id=${DEVICE}`);
      return body.manual && body.isSwitched;
    },
    `${DEVICE} in Manual mode`,
    30_000,
  );
  const page = await plant.signedIn();
  await page.goto(plant.url(`/device?id=${DEVICE}`));
  await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
  await page.getByText('Mode: Manual').waitFor();
  await page.getByRole('tab', { name: 'Manual Commands' }).click();
  const control = page.getByRole('switch', { name: COMMAND });
  await control.waitFor();
  await page.waitForFunction(
    (name) => !document.querySelector(`li[aria-label="${name}"] [role="status"]`),
    COMMAND,
  );

  const pending: number[] = [];
  const feedback: number[] = [];
  const answered: number[] = [];
  const detailRefetches: number[][] = [];
  const load = [loadNow()];
  for (let i = 0; i < samples; i++) {
    await page.evaluate((name) => {
      const item = document.querySelector(`li[aria-label="${name}"]`);
      const control = item?.querySelector('[role="switch"]');
      if (!item || !control) throw new Error(`no ${name} switch on the page`);
      const state: NonNullable<Window['__command']> = {
        want: control.getAttribute('aria-checked') !== 'true',
      };
      window.__command = state;
      control.addEventListener('pointerdown', (event) => (state.clickAt = event.timeStamp), {
        once: true,
      });
      const observer = new MutationObserver(() => {
        const switching = item.querySelector('[role="status"]') !== null;
        const checked = item.querySelector('[role="switch"]')?.getAttribute('aria-checked');
        if (switching && state.pendingAt === undefined) state.pendingAt = performance.now();
        if (!switching && state.pendingAt !== undefined && checked === String(state.want)) {
          state.feedbackAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(item, { subtree: true, childList: true, attributes: true });
    }, COMMAND);
    await control.click();
    const times = (await (
      await page.waitForFunction(() => window.__command?.feedbackAt && window.__command, null, {
        polling: 'raf',
        timeout: 30_000,
      })
    ).jsonValue()) as NonNullable<Window['__command']>;
    if (times.clickAt === undefined || times.pendingAt === undefined) {
      throw new Error('the click or the pending state was not seen');
    }
    pending.push(times.pendingAt - times.clickAt);
    feedback.push(times.feedbackAt! - times.clickAt);
    // The write request's answer, and the device detail the page fetched again after it: which
    // of them and the live update drew the final state.
    const requests = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      performance.clearResourceTimings();
      const ends = (part: string) =>
        entries.filter((entry) => entry.name.includes(part)).map((entry) => entry.responseEnd);
      return { writes: ends('/api/command/'), details: ends('/api/device/detail') };
    });
    const answeredAt = requests.writes.at(-1);
    if (answeredAt !== undefined) answered.push(answeredAt - times.clickAt);
    const clickAt = times.clickAt;
    detailRefetches.push(requests.details.map((end) => Math.round(end - clickAt)));
    // The next click at a random point of the scan cycle.
    await new Promise((r) => setTimeout(r, intervalMs + Math.random() * intervalMs));
  }
  load.push(loadNow());

  const pendingMs = latencySummary(pending);
  const feedbackMs = latencySummary(feedback);
  const metrics: MetricRecord[] = [
    atMost('web.command.pending-visible.p95', pendingMs.p95, 'ms', 100),
    atMost('web.command.feedback-shown.p95', feedbackMs.p95, 'ms', 200),
  ];
  console.log(
    JSON.stringify(
      {
        benchmark: 'command-latency',
        description:
          'Click on a manual command in Chromium -> pending state visible, and -> PLC feedback shown',
        scanIntervalMs: intervalMs,
        echoDelayMs: Number(args.echo),
        samples,
        loadAverage: load,
        pendingMs,
        feedbackMs,
        writeAnsweredMs: latencySummary(answered),
        pending,
        feedback,
        answered,
        detailRefetches,
        metrics,
      },
      null,
      2,
    ),
  );
} finally {
  await plant.close();
}
