/**
 * Register to pixel: from a value changing in the PLC (the simulator's register) to its text
 * visible on the device page in Chromium, with other pages of the console open on /device and
 * the dashboard. Also counts the device requests the measured page made per change.
 *
 *   node bench/pixel-latency.ts [--samples 40] [--interval 100] [--others 10]
 *
 * Prints one JSON document on stdout. Both ends read the same machine clock: the server side as
 * performance.timeOrigin + performance.now() at the write, the page the same at the mutation
 * that shows the text. Needs the built web app (npm run build).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { Role } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { passwordOf, startTestServer, testUsers } from '@roastery/server/testing';
import { latencySummary } from './latency-summary.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    interval: { type: 'string', default: '100' },
    others: { type: 'string', default: '10' },
  },
});
const samples = Number(args.samples);
const intervalMs = Number(args.interval);
const others = Number(args.others);
const DEVICE = 'GS3';
const COMMAND = 'Occupancy';

declare global {
  interface Window {
    /** When each awaited text first showed, by text. */
    __shownAt?: Record<string, number>;
  }
}

const now = () => performance.timeOrigin + performance.now();

const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const server = await startTestServer(
  {
    WEB_DIST: resolve(import.meta.dirname, '../apps/web/dist'),
    PLC_SCAN_INTERVAL: `${intervalMs}ms`,
    // One person with many tabs: the measured page and the others.
    LIVE_MAX_STREAMS_PER_USER: String(others + 5),
  },
  { plant: true },
);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const sim = server.services.runtime.simulator.running;
  if (!sim) throw new Error('the simulator is not running');
  const url = (path: string) => new URL(path, server.url).toString();
  // Each page in a context of its own, as on the plant's screens: a browser holds at most six
  // HTTP/1.1 connections per server, and every console tab keeps one open for its live stream.
  const signedIn = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await page.getByLabel('Username').fill(testUsers[Role.Supervisor].username);
    await page.getByLabel('Password').fill(passwordOf(Role.Supervisor));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(url('/'));
    return page;
  };
  const background: Page[] = [];
  for (let i = 0; i < others; i++) {
    const other = await signedIn();
    if (i % 2 === 0) await other.goto(url('/device'));
    background.push(other);
  }
  const page = await signedIn();
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
  for (let i = 1; i <= samples; i++) {
    const value = 2000 + i * 10;
    const text = `${value.toLocaleString('en-US')} lbs`;
    await page.evaluate(
      ({ name, text }) => {
        const shown = (window.__shownAt ??= {});
        const element = document.querySelector(`li[aria-label="${name}"]`);
        if (!element) throw new Error(`no ${name} on the page`);
        const observer = new MutationObserver(() => {
          if (element.textContent?.includes(text)) {
            shown[text] = performance.timeOrigin + performance.now();
            observer.disconnect();
          }
        });
        observer.observe(element, { subtree: true, childList: true, characterData: true });
      },
      { name: COMMAND, text },
    );
    const writtenAt = now();
    sim.model.setValue(DEVICE, COMMAND, value);
    const shownAt = await (
      await page.waitForFunction((t) => window.__shownAt?.[t], text, { polling: 'raf' })
    ).jsonValue();
    if (typeof shownAt !== 'number') throw new Error(`${text} never showed`);
    latencies.push(shownAt - writtenAt);
    // Start the next change at a random point of the scan cycle.
    await new Promise((r) => setTimeout(r, intervalMs + Math.random() * intervalMs));
  }
  console.log(
    JSON.stringify(
      {
        benchmark: 'pixel-latency',
        description:
          'PLC register change -> its text visible on the device page in Chromium, with other console pages open',
        scanIntervalMs: intervalMs,
        otherPages: others,
        samples,
        ms: latencySummary(latencies),
        deviceRequestsPerChange: requests / samples,
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.close();
  await removeTemplate();
  await rm(dir, { recursive: true, force: true });
}
