import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startTestServer } from '@roastery/server/testing';
import { checkScreenOnce } from './checked-screens.ts';

// E2E_WEB_DIST lets a build made elsewhere be tested without touching apps/web/dist.
export const WEB_DIST = resolve(
  process.env.E2E_WEB_DIST ?? resolve(import.meta.dirname, '../../apps/web/dist'),
);
const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * Debian's headless shell where it is installed: the same Chromium release in the old headless
 * mode that Playwright itself runs headless tests in, at about two thirds of the full browser's
 * processor time per test (ADR 0038). Else Debian's full Chromium; E2E_CHROMIUM names another.
 */
const CHROMIUM =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export interface Console {
  /** The server of this test file, on its own fresh database. */
  server: TestServer;
  /** The browser profile of this test file; cookies are cleared before each test. */
  context: BrowserContext;
  /** A new tab for the current test. */
  page: Page;
  /** An absolute address on the server, from a path such as '/login'. */
  url(path: string): string;
}

/** What the browser reports of one violation of the page's Content-Security-Policy. */
interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    /** Exposed by the harness to every page of the browser profile. */
    __reportCspViolation?: (violation: CspViolation) => Promise<void>;
  }
}

// Runs in every page before its own scripts. The event also reports what the page's code
// caught and the console never shows (an eval probe, for one).
function reportCspViolations(): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    void window.__reportCspViolation?.({
      page: event.documentURI,
      directive: event.effectiveDirective,
      blocked: event.blockedURI,
      source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
    });
  });
}

/** A screen of the console itself, not the API or its docs (Swagger UI's own pages). */
function isConsoleScreen(address: string, baseUrl: string): boolean {
  return address.startsWith(baseUrl) && !new URL(address).pathname.startsWith('/api/');
}

/**
 * Every screen a test opens is checked with axe as the test leaves it, the first time a test of
 * the run does: just before the page goes to another address, and when the test ends. By then
 * the test has seen the screen show what it came for, so the check sees it filled, not half
 * loaded.
 */
function checkScreensOnLeaving(page: Page, baseUrl: string): void {
  const goto = page.goto.bind(page);
  page.goto = async (address, options) => {
    if (isConsoleScreen(page.url(), baseUrl)) await checkScreenOnce(page);
    return goto(address, options);
  };
}

function artifactName(testName: string): string {
  return `${testName.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.png`;
}

let workerChromium: Promise<Browser> | undefined;

/**
 * The Chromium of this worker process, launched by the first test file that needs it and shared
 * by the files that follow in the same worker (Vitest runs them one after another there, without
 * isolation). Playwright closes it when the worker ends.
 */
function chromiumOfWorker(): Promise<Browser> {
  workerChromium ??= chromium.launch({
    executablePath: CHROMIUM,
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
  return workerChromium;
}

/** A browser profile of its own (cookies, storage, live stream), checked for CSP and axe. */
export interface ConsoleBrowser {
  context: BrowserContext;
  /** What its pages reported so far; the caller empties it per test. */
  cspViolations: string[];
  close(): Promise<void>;
}

/**
 * A fresh profile in the worker's Chromium for the console at `baseUrl`: to the console it is a
 * browser of its own, as another person's would be. Every screen a page leaves is checked with
 * axe, and every Content-Security-Policy violation is collected.
 */
export async function launchConsoleBrowser(baseUrl: string): Promise<ConsoleBrowser> {
  const context = await (
    await chromiumOfWorker()
  ).newContext({
    viewport: { width: 1440, height: 900 },
    // No opening animations: a click on a dialog or menu that is still moving can be lost.
    reducedMotion: 'reduce',
  });
  const browser: ConsoleBrowser = {
    context,
    cspViolations: [],
    close: () => context.close(),
  };
  context.on('page', (opened) => checkScreensOnLeaving(opened, baseUrl));
  await context.exposeBinding('__reportCspViolation', (_source, v: CspViolation) => {
    browser.cspViolations.push(
      `${v.directive} refused ${v.blocked || 'inline'} on ${v.page} (${v.source})`,
    );
  });
  await context.addInitScript(reportCspViolations);
  context.on('console', (message) => {
    // Also what only the console tells, such as a directive the browser could not parse.
    if (message.text().includes('Content Security Policy')) {
      browser.cspViolations.push(`console: ${message.text()} on ${message.page()?.url() ?? '?'}`);
    }
  });
  return browser;
}

export interface HarnessOptions {
  /** Seed the demo plant (GS1-6, R1-2, ...) and connect the server to its PLC simulator. */
  plant?: boolean;
  /** With the plant: the demo's beans, products and opening stock too, as on a first start. */
  demoStock?: boolean;
  /** The server's clock of sign-in throttling; a fixed one keeps its waits from running out. */
  signInClock?: () => number;
  /** The clock roasts' seconds are counted by (ms): a test that steps the plant passes its time. */
  roastClock?: () => number;
}

/**
 * Per test file: starts the real server (with env overrides such as ACCESS_TOKEN_TTL) and a
 * headless Chromium with a fresh profile; per test: a new tab with no cookies. A failing test
 * leaves a screenshot in e2e/artifacts. Returns a getter, valid inside tests and hooks.
 */
export function useConsoleHarness(
  env: Record<string, string> = {},
  options: HarnessOptions = {},
): () => Console {
  let server: TestServer | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let browser: ConsoleBrowser | undefined;

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, 'index.html'))) {
      throw new Error('The web app is not built: run npm run build -w @roastery/web first.');
    }
    server = await startTestServer(
      { WEB_DIST, ...env },
      {
        plant: options.plant ?? false,
        demoStock: options.demoStock ?? false,
        signInClock: options.signInClock,
        roastClock: options.roastClock,
      },
    );
    browser = await launchConsoleBrowser(server.url);
    context = browser.context;
  });

  beforeEach(async ({ onTestFinished }) => {
    if (!context) throw new Error('The browser did not start');
    await context.clearCookies();
    if (browser) browser.cspViolations.length = 0;
    const current = await context.newPage();
    page = current;
    onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail' && !current.isClosed()) {
        await mkdir(ARTIFACTS, { recursive: true });
        await current.screenshot({
          path: join(ARTIFACTS, artifactName(task.name)),
          fullPage: true,
        });
      }
      for (const open of context?.pages() ?? []) await open.close();
      page = undefined;
    });
  });

  afterEach(async ({ task }) => {
    // A round trip to each open page delivers the reports it has already sent.
    for (const open of context?.pages() ?? []) await open.evaluate(() => 0).catch(() => undefined);
    // What the test's pages reported; a test that caused any fails, whatever it checked.
    const violations = browser?.cspViolations ?? [];
    if (violations.length > 0) {
      throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
    }
    // A test that failed already has its reason; the screen it stopped on may be half done.
    if (task.result?.state === 'fail' || !server) return;
    for (const open of context?.pages() ?? []) {
      if (!open.isClosed() && isConsoleScreen(open.url(), server.url)) await checkScreenOnce(open);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return () => {
    if (!server || !context || !page) throw new Error('useConsoleHarness() is read outside a test');
    const baseUrl = server.url;
    return {
      server,
      context,
      page,
      url: (path: string) => new URL(path, baseUrl).toString(),
    };
  };
}
