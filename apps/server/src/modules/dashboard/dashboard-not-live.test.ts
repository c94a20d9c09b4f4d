import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  type DashboardOverview,
  type DeviceDetail,
  type DeviceSummary,
  type LiveEvent,
  type SiloStat,
  type SystemStatus,
} from '@roastery/contract';
import { buildTestApp, eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let base: string;
let supervisor: ApiCaller;
let admin: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  supervisor = t.as(Role.Supervisor);
  admin = t.as(Role.Administrator);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
});
afterAll(() => t.close());

/** The first event a newly opened live stream carries: the PLC link as it is now. */
async function linkOnStream(): Promise<Extract<LiveEvent, { type: 'plc' }>> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/live`, {
    headers: { authorization: `Bearer ${await t.tokenFor(Role.Supervisor)}` },
    signal: abort.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    while (!/event: plc\ndata: .*\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
  } finally {
    abort.abort();
  }
  const data = /event: plc\ndata: (.*)\n/.exec(text)?.[1];
  return JSON.parse(data ?? 'null') as Extract<LiveEvent, { type: 'plc' }>;
}

async function everyPlace() {
  const [devices, overview, status, silos, detail] = await Promise.all([
    supervisor<DeviceSummary[]>('GET', '/api/device'),
    supervisor<DashboardOverview>('GET', '/api/dashboard/v2'),
    supervisor<SystemStatus>('GET', '/api/dashboard/system_status'),
    supervisor<SiloStat[]>('GET', '/api/dashboard/bean'),
    supervisor<DeviceDetail>('GET', '/api/device/detail?id=GS1'),
  ]);
  const places = [
    ...devices.body,
    ...overview.body.stages.filter((s) => s.devices > 0),
    ...overview.body.silos,
    ...status.body.roasters,
    ...silos.body,
    detail.body.device,
  ];
  expect(status.body.roasters.length).toBeGreaterThan(0);
  return places.map((p) => ({ quality: p.quality, not_live_since: p.not_live_since }));
}

describe('values that are not live', () => {
  it('are marked offline everywhere with the time they stopped being live, and live again once the PLC is back', async () => {
    // A scan held up by a busy machine makes a value stale for a moment: it is live once read.
    await eventually(async () => {
      const places = await everyPlace();
      return places.every((p) => p.quality === 'good' && p.not_live_since === null);
    }, 'every place live');
    expect(await linkOnStream()).toMatchObject({ state: 'connected', not_live_since: null });

    const before = Date.now();
    await t.services.runtime.simulator.stop();
    await eventually(() => !t.services.runtime.connected(), 'the link lost');
    const after = Date.now();

    const link = await linkOnStream();
    expect(link.state).not.toBe('connected');
    const since = Date.parse(link.not_live_since ?? '');
    expect(since).toBeGreaterThanOrEqual(before);
    expect(since).toBeLessThanOrEqual(after);
    // Every place says the same: values stopped being live when the link did, not when each
    // last changed.
    await eventually(async () => {
      const places = await everyPlace();
      return places.every(
        (p) => p.quality === 'offline' && p.not_live_since === link.not_live_since,
      );
    }, 'every place offline since the link was lost');

    await t.services.runtime.simulator.start();
    await eventually(async () => {
      const places = await everyPlace();
      return places.every((p) => p.quality === 'good' && p.not_live_since === null);
    }, 'every place live again');
    expect(await linkOnStream()).toMatchObject({ state: 'connected', not_live_since: null });
  });

  it('stopped with the PLC gateway, are not live since the stop', async () => {
    const before = Date.now();
    const stop = await admin('POST', '/api/admin/health/execute', {
      type: 'stop',
      container: 'plc-gateway',
    });
    expect(stop.status).toBe(200);
    const link = await linkOnStream();
    expect(link.state).toBe('closed');
    expect(Date.parse(link.not_live_since ?? '')).toBeGreaterThanOrEqual(before);
    const places = await everyPlace();
    expect(places.every((p) => p.quality === 'offline')).toBe(true);
    expect(new Set(places.map((p) => p.not_live_since))).toEqual(new Set([link.not_live_since]));

    await admin('POST', '/api/admin/health/execute', { type: 'start', container: 'plc-gateway' });
    await eventually(() => t.services.runtime.connected(), 'the PLC link again');
    expect(await linkOnStream()).toMatchObject({ state: 'connected', not_live_since: null });
  });
});
