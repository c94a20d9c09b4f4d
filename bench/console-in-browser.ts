/**
 * What the browser benchmarks share: the console listening on loopback with the demo plant and
 * the built web app, its PLC a simulator started here (so that its request delay and its echo can
 * be chosen), Chromium through playwright-core, and signed-in pages, each in a browser context of
 * its own as on the plant's screens (a browser holds at most six HTTP/1.1 connections per server,
 * and every console tab keeps one open for its live stream).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { Role, type RoleId } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { passwordOf, startTestServer, testUsers } from '@roastery/server/testing';
import { startSimulator, type Simulator } from '@roastery/simulator';

export interface ConsoleOptions {
  scanIntervalMs: number;
  /** The simulator's answer time per Modbus request, as a PLC answering at the end of its scan. */
  plcDelayMs?: number;
  /** Time the simulated plant takes to echo a written command on its feedback. */
  echoDelayMs?: number;
  /** Live streams one user may hold: every page here signs in as the same supervisor. */
  streamsPerUser: number;
}

export interface ConsoleUnderTest {
  server: Awaited<ReturnType<typeof startTestServer>>;
  simulator: Simulator;
  browser: Browser;
  url(path: string): string;
  signedIn(role?: RoleId): Promise<Page>;
  close(): Promise<void>;
}

export const now = () => performance.timeOrigin + performance.now();

/** The load average over the last minute, rounded: the machine is shared with other work. */
export const loadNow = () => Math.round(loadavg()[0]! * 10) / 10;

export async function startConsoleInBrowser(options: ConsoleOptions): Promise<ConsoleUnderTest> {
  const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
  const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
  const simulator = await startSimulator({
    port: 0,
    ...(options.plcDelayMs === undefined ? {} : { requestDelayMs: options.plcDelayMs }),
    ...(options.echoDelayMs === undefined
      ? {}
      : { echoDelayMs: options.echoDelayMs, modeDelayMs: options.echoDelayMs, tickMs: 10 }),
  });
  const server = await startTestServer(
    {
      WEB_DIST: resolve(import.meta.dirname, '../apps/web/dist'),
      PLC_SCAN_INTERVAL: `${options.scanIntervalMs}ms`,
      PLC_HOST: simulator.host,
      PLC_PORT: String(simulator.port),
      LIVE_MAX_STREAMS_PER_USER: String(options.streamsPerUser),
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
  const url = (path: string) => new URL(path, server.url).toString();
  return {
    server,
    simulator,
    browser,
    url,
    async signedIn(role: RoleId = Role.Supervisor) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(url('/login'));
      await page.getByLabel('Username').fill(testUsers[role].username);
      await page.getByLabel('Password').fill(passwordOf(role));
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(url('/'));
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
      await simulator.stop();
      await removeTemplate();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
