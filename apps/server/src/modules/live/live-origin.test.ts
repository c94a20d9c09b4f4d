import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '@roastery/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Opens the stream as a browser page of `origin` would; the status and, if refused, why. */
function open(
  base: string,
  token: string,
  headers: Record<string, string>,
): Promise<{ status: number; message?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/live`,
      { headers: { authorization: `Bearer ${token}`, ...headers } },
      (res) => {
        if (res.statusCode === 200) {
          resolve({ status: 200 });
          req.destroy();
          return;
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            message: (JSON.parse(body) as { message: string }).message,
          }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

async function listening(env: Record<string, string> = {}) {
  t = await buildTestApp(env);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { base, token: await t.tokenFor(Role.Operator) };
}

describe('GET /api/live origin', () => {
  it("serves the console's own pages, and a client that names no origin", async () => {
    const { base, token } = await listening();
    expect(await open(base, token, { origin: base })).toEqual({ status: 200 });
    expect(await open(base, token, {})).toEqual({ status: 200 });
  });

  it('refuses a page of another site with 403', async () => {
    const { base, token } = await listening();
    for (const origin of ['https://evil.example', base.replace('127.0.0.1', 'localhost'), 'null']) {
      expect(await open(base, token, { origin })).toEqual({
        status: 403,
        message: 'The live stream is only served to pages of this console.',
      });
    }
  });

  it('serves the origins of ALLOWED_ORIGINS', async () => {
    const { base, token } = await listening({
      ALLOWED_ORIGINS: 'https://hmi.plant.example/, https://other.example',
    });
    expect(await open(base, token, { origin: 'https://hmi.plant.example' })).toEqual({
      status: 200,
    });
    expect((await open(base, token, { origin: 'https://third.example' })).status).toBe(403);
  });
});
