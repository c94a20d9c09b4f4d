import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@roastery/plc/testing';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { createNamedDatabase } from '@roastery/db/testing';
import { ADMIN_PASSWORD, eventually } from '@roastery/server/testing';
import { seedClusterPlant, type SeededPlant } from '@roastery/server/testing/cluster';
import { launchConsoleBrowser, WEB_DIST, type ConsoleBrowser } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';
import { expectAccessible } from '../support/accessibility.ts';

/**
 * Two console processes on one PostgreSQL database (ADR 0023), the demo plant's simulated PLC
 * shared by both. The browser only ever talks to the follower.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** Both seal one audit chain, so they share its key; each keeps its published heads apart. */
const AUDIT_KEY = randomBytes(32).toString('hex');
const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

/** One console process, as `npm start` runs it. */
class ConsoleProcess {
  readonly #child: ChildProcess;
  readonly url: string;

  private constructor(child: ChildProcess, url: string) {
    this.#child = child;
    this.url = url;
  }

  static async start(name: string, databaseUrl: string, plcPort: number) {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        INSTANCE_NAME: name,
        WEB_DIST,
        ADMIN_PASSWORD,
        // Both sign the same tokens: a browser may be sent to either.
        JWT_SECRET: 'two-instances-secret-two-instances-0123',
        AUDIT_KEY,
        AUDIT_DIR: mkdtempSync(join(tmpdir(), `roastery-audit-${name}-`)),
        PLC_HOST: '127.0.0.1',
        PLC_PORT: String(plcPort),
        // As the in-process test servers: quick scans, and values that age over more of them,
        // since two servers, the browser and the test share a loaded machine.
        PLC_SCAN_INTERVAL: '50ms',
        PLC_STALE_AFTER_SCANS: '10',
        PLC_OFFLINE_AFTER_SCANS: '100',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const instance = new ConsoleProcess(child, `http://127.0.0.1:${port}`);
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
        return (await fetch(`${instance.url}/api/health/ready`).catch(() => undefined))?.ok;
      },
      `${name} to be ready`,
      150_000,
    );
    return instance;
  }

  /** SIGKILL: the process ends where it is, as in a crash or a pulled plug. */
  async kill(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    this.#child.kill('SIGKILL');
    await exited;
  }
}

let database: { url: string; drop(): Promise<void> } | undefined;
let plant: SeededPlant | undefined;
let leader: ConsoleProcess | undefined;
let follower: ConsoleProcess | undefined;
let browser: ConsoleBrowser | undefined;

beforeAll(async () => {
  database = await createNamedDatabase(
    SERVER_URL,
    `roastery_e2e_two_instances_${randomBytes(4).toString('hex')}`,
  );
  plant = await seedClusterPlant(database.url);
  // The first to start takes the lead; the second waits for it.
  leader = await ConsoleProcess.start('e2e-leader', database.url, plant.simulator.port);
  follower = await ConsoleProcess.start('e2e-follower', database.url, plant.simulator.port);
  browser = await launchConsoleBrowser(follower.url);
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await follower?.kill();
  await leader?.kill();
  await plant?.simulator.stop();
  await database?.drop();
});

/** The System Monitor's card of this instance says whether it leads. */
async function instanceCard(page: Page, text: string) {
  await page.goto(`${follower!.url}/admin/health`);
  await page.getByText(text).waitFor({ timeout: 20_000 });
}

function written(what: string): Promise<true> {
  return eventually(
    () => plant!.plcWrites.includes(what) || undefined,
    `the PLC to receive ${what}`,
    20_000,
  );
}

describe('two console processes on one database', () => {
  test('a browser on the follower sees the plant, commands it, and keeps working when the leader dies', async () => {
    const page = await browser!.context.newPage();
    const url = (path: string) => new URL(path, follower!.url).toString();
    const model = plant!.simulator.model;
    await signInAs(page, url, Role.Administrator);
    await instanceCard(page, 'Follower: instance e2e-leader drives the plant');

    // A value the leader reads reaches the follower's page over the database's notifications.
    await page.goto(url('/device?id=GS3'));
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    await page.getByRole('tab', { name: 'PLC Commands' }).click();
    const level = page.getByRole('listitem', { name: 'Occupancy' });
    model.setValue('GS3', 'Occupancy', 1234);
    await level.getByText('1,234 lbs').waitFor();

    // So does an alarm the leader raises: on the bell, and on the notifications page.
    const bell = page.getByRole('button', { name: /^Notifications: \d+ unacknowledged$/ });
    const count = async () => Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
    const before = await count();
    model.injectAlarm('R1', 1);
    await eventually(async () => (await count()) > before, 'the bell to count the alarm', 20_000);
    await page.goto(url('/notification'));
    const row = page.getByRole('row').filter({ hasText: 'Roaster 1: Burner flame failure' });
    await row.getByText('Alarm', { exact: true }).waitFor();

    // A command sent to the follower is handed to the leader, which writes it to the PLC.
    await page.goto(url('/device'));
    await page.getByRole('button', { name: 'Open Green Silo 1' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Switch to Manual' }).click();
    await drawer.getByText('Mode: Manual').waitFor();
    await drawer.getByRole('tab', { name: 'Manual Commands' }).click();
    await drawer.getByRole('switch', { name: 'Inlet Gate' }).click();
    await written('GS1 Inlet Gate=1');
    await drawer.getByRole('tab', { name: 'PLC Commands' }).click();
    await drawer
      .getByRole('listitem', { name: 'Inlet Gate Opened' })
      .getByText('On', { exact: true })
      .waitFor();
    await expectAccessible(page);

    // The leader dies; the follower takes the lock and drives the plant itself.
    await leader!.kill();
    await instanceCard(page, 'Leader: drives the plant');
    await page.goto(url('/device'));
    await page.getByRole('button', { name: 'Open Green Silo 1' }).click();
    await drawer.getByText('Mode: Manual').waitFor();
    await drawer.getByRole('tab', { name: 'Manual Commands' }).click();
    const gate = drawer.getByRole('switch', { name: 'Inlet Gate' });
    expect(await gate.getAttribute('aria-checked')).toBe('true');
    await gate.click();
    await written('GS1 Inlet Gate=0');
    await drawer.getByRole('tab', { name: 'PLC Commands' }).click();
    await drawer
      .getByRole('listitem', { name: 'Inlet Gate Opened' })
      .getByText('Off', { exact: true })
      .waitFor();
    model.setValue('GS3', 'Occupancy', 2345);
    await page.goto(url('/device?id=GS3'));
    await page.getByRole('tab', { name: 'PLC Commands' }).click();
    await level.getByText('2,345 lbs').waitFor();
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    await expectAccessible(page);
    expect(browser!.cspViolations).toEqual([]);
  }, 300_000);
});
