import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '@roastery/plc/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.ts';
import { eventually } from '../helper.ts';

/**
 * The bundle `npm start` runs, built from the current sources into a folder of the repository
 * (its packages left to Node resolve from node_modules as in the product) and started as its own
 * process on an empty data folder: the paths its sources take from `import.meta` (the database
 * creation script, the migrations) and the packages left out of the bundle must all work there.
 */
const folder = fileURLToPath(new URL(`../../.test-data/bundle-${process.pid}/`, import.meta.url));
const ADMIN_PASSWORD = 'bundle-admin-123';

let child: ChildProcess;
let url: string;
let dataDir: string;

beforeAll(async () => {
  await buildServer(join(folder, 'main.js'));
  dataDir = await mkdtemp(join(tmpdir(), 'roastery-bundle-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [join(folder, 'main.js')], {
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
    },
    stdio: 'ignore',
  });
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the bundle exited with ${child.exitCode}`);
      return (await fetch(`${url}/api/health/ready`).catch(() => undefined))?.ok;
    },
    'the bundled server to be ready',
    240_000,
  );
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  await rm(folder, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signIn(): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('the bundled server', () => {
  it('creates the database, applies the migrations and seeds the demo plant', async () => {
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    const ready = await fetch(`${url}/api/health/ready`);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: expect.objectContaining({ migrations: 'ok' }) as unknown,
    });
    const devices = await fetch(`${url}/api/device`, {
      headers: { authorization: `Bearer ${await signIn()}` },
    });
    expect(devices.status).toBe(200);
    expect(((await devices.json()) as { device_id: string }[]).map((d) => d.device_id)).toContain(
      'GS1',
    );
  });

  it('writes a workbook with the spreadsheet library it loads on demand', async () => {
    const res = await fetch(`${url}/api/event/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signIn()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ where: {}, format: 'xls' }),
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // An .xlsx file is a zip archive: it starts with the local file header "PK\x03\x04".
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it("writes a report export in the worker thread's own bundle", async () => {
    const res = await fetch(`${url}/api/report/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signIn()}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        format: 'csv',
        file_name: 'bundle',
        sheets: [{ name: 'Orders', columns: ['Order', 'lbs'], rows: [['PO-1', 12.5]] }],
      }),
    });
    expect(res.status).toBe(200);
    // The byte order mark first, which `text()` takes off.
    expect(await res.text()).toBe('Order,lbs\r\nPO-1,12.5\r\n');
    expect(existsSync(join(folder, 'report-export-worker.js'))).toBe(true);
  });

  it('serves the API documentation from the package left out of the bundle', async () => {
    const res = await fetch(`${url}/api/docs/static/swagger-initializer.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('SwaggerUIBundle');
  });

  it('ends cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
