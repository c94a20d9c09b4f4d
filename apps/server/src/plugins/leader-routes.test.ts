import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type DeviceDetail } from '@roastery/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  admin = await t.tokenFor(Role.Administrator);
});
afterAll(() => t.close());

async function send(method: 'GET' | 'PUT', url: string, key?: string) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
  return { status: res.statusCode, body: res.json<{ message: string }>() };
}

async function requestedManual(code: string): Promise<boolean> {
  const res = await t.app.inject({
    url: `/api/device/detail?id=${code}`,
    headers: { authorization: `Bearer ${admin}` },
  });
  return res.json<DeviceDetail>().requestedManual;
}

describe('Idempotency-Key on the leader routes of a single instance', () => {
  it('answers a retried request again without sending it twice', async () => {
    const first = await send('PUT', '/api/device/mode/GS1', 'single-mode-GS1');
    expect(first).toEqual({
      status: 202,
      body: expect.objectContaining({ message: 'Switching to Manual mode' }),
    });
    // Without the key the second call would switch back to Auto.
    expect(await send('PUT', '/api/device/mode/GS1', 'single-mode-GS1')).toEqual(first);
    expect(await requestedManual('GS1')).toBe(true);
  });

  it('refuses the key with 422 for a different request, and sends nothing', async () => {
    await send('PUT', '/api/device/mode/GS4', 'single-mode-GS4');
    const before = await requestedManual('GS2');
    expect(await send('PUT', '/api/device/mode/GS2', 'single-mode-GS4')).toEqual({
      status: 422,
      body: expect.objectContaining({
        message:
          'This Idempotency-Key was already used for a different request. Send a new request with a new key.',
      }),
    });
    expect(await requestedManual('GS2')).toBe(before);
  });

  it('refuses a key that is not short visible text with 400', async () => {
    const res = await send('PUT', '/api/device/mode/GS2', 'k'.repeat(256));
    expect(res).toEqual({
      status: 400,
      body: expect.objectContaining({
        message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
      }),
    });
  });
});
