import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoInput,
  Role,
  historianMessages as M,
  type HistorianRetention,
  type HistorianSeries,
  type ActiveNotifications,
  type HistorianTag,
} from '@roastery/contract';
import { historianRollups } from '@roastery/db';
import { sql } from 'drizzle-orm';
import { buildTestApp, eventually, seedDemoPlant, type TestApp } from '../../../test/helper.ts';
import { QUALITY_CODE } from './historian-ingest.ts';
import { HistorianRepository } from './historian-repository.ts';
import { rollupPartition, samplePartition } from './partitions.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const BT = `R1/input/${DemoInput.BeanTemperature}`;
const GW = `R1/input/${DemoInput.GreenWeight}`;

let t: TestApp;
/**
 * The fixtures' times: two whole hours before the test's start. Retention is 30 days, so the
 * raw samples of every range below are still kept whenever the test runs.
 */
const base = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  const repo = new HistorianRepository(t.database.db);
  const [bt, gw] = await repo.ensureTags([
    { device_id: 'R1', kind: 'input', command_id: DemoInput.BeanTemperature },
    { device_id: 'R1', kind: 'input', command_id: DemoInput.GreenWeight },
  ]);
  if (!bt || !gw) throw new Error('tags not stored');
  for (const at of [base - DAY, base]) {
    await repo.createPartition(samplePartition(at));
    await repo.createPartition(rollupPartition(at));
  }
  const sample = (at: number, value: number, quality: keyof typeof QUALITY_CODE = 'good') => ({
    tagId: bt.id,
    sampledAt: new Date(at),
    value,
    quality: QUALITY_CODE[quality],
  });
  await repo.insertSamples([
    sample(base - 2 * MIN, 390),
    sample(base + MIN, 400),
    sample(base + 3 * MIN, 401, 'stale'),
    sample(base + 12 * MIN, 999),
  ]);
  const rollup = (minutes: number, min: number, max: number, avg: number, last: number) => ({
    tagId: gw.id,
    minute: new Date(base - DAY + minutes * MIN),
    min,
    max,
    avg,
    last,
    count: minutes === 30 ? 3 : minutes === 0 ? 2 : 1,
  });
  await t.database.db
    .insert(historianRollups)
    .values([rollup(0, 1, 5, 3, 4), rollup(5, 0, 6, 6, 2), rollup(30, 7, 7, 7, 7)]);
});
afterAll(() => t.close());

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('GET /api/historian', () => {
  it('lists every tag of the address map with its device, label, unit and deadband', async () => {
    const { status, body } = await t.as(Role.Operator)<HistorianTag[]>(
      'GET',
      '/api/historian/tags',
    );
    expect(status).toBe(200);
    expect(body.find((tag) => tag.key === BT)).toEqual({
      key: BT,
      device_id: 'R1',
      device_name: expect.any(String) as string,
      label: 'Bean Temperature',
      unit: '°F',
      kind: 'input',
      command_id: DemoInput.BeanTemperature,
      deadband: 0.5,
    });
    expect(body.find((tag) => tag.key === GW)).toMatchObject({ unit: 'lbs', deadband: 0.1 });
  });

  it('answers a short range with the raw samples, from the one the line enters with', async () => {
    const url = `/api/historian/series?${query({ tags: `${BT},${GW}`, from: iso(base), to: iso(base + 10 * MIN) })}`;
    const { status, body } = await t.as(Role.Supervisor)<HistorianSeries>('GET', url);
    expect(status).toBe(200);
    expect(body).toEqual({
      resolution: 'raw',
      from: iso(base),
      to: iso(base + 10 * MIN),
      series: [
        {
          key: BT,
          device_id: 'R1',
          label: 'Bean Temperature',
          unit: '°F',
          points: [
            { t: iso(base - 2 * MIN), value: 390, quality: 'good' },
            { t: iso(base + MIN), value: 400, quality: 'good' },
            { t: iso(base + 3 * MIN), value: 401, quality: 'stale' },
          ],
        },
        { key: GW, device_id: 'R1', label: 'Green Weight', unit: 'lbs', points: [] },
      ],
    });
  });

  it('answers a long range with the rollups merged into round buckets within max_points', async () => {
    const url = `/api/historian/series?${query({ tags: GW, from: iso(base - DAY), to: iso(base), max_points: '100' })}`;
    const { status, body } = await t.as(Role.Operator)<HistorianSeries>('GET', url);
    expect(status).toBe(200);
    expect(body).toMatchObject({ resolution: 'rollup', bucket_seconds: 15 * 60 });
    expect(body.resolution === 'rollup' && body.series[0]?.buckets).toEqual([
      { t: iso(base - DAY), min: 0, max: 6, avg: 4, last: 2, count: 3 },
      { t: iso(base - DAY + 30 * MIN), min: 7, max: 7, avg: 7, last: 7, count: 3 },
    ]);
  });

  it('exports a series as CSV: time, device, tag, value, unit', async () => {
    const token = await t.tokenFor(Role.Operator);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/historian/series.csv?${query({ tags: BT, from: iso(base), to: iso(base + 10 * MIN) })}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe(
      '\uFEFFtime,device,tag,value,unit\r\n' +
        `${iso(base - 2 * MIN)},R1,Bean Temperature,390,°F\r\n` +
        `${iso(base + MIN)},R1,Bean Temperature,400,°F\r\n` +
        `${iso(base + 3 * MIN)},R1,Bean Temperature,401,°F\r\n`,
    );
  });

  it('refuses a query it cannot answer, saying why', async () => {
    const operator = t.as(Role.Operator);
    const from = iso(base);
    const to = iso(base + HOUR);
    const refused = async (params: Record<string, string>, status: number, message: string) => {
      const res = await operator('GET', `/api/historian/series?${query(params)}`);
      expect(res.status, JSON.stringify(params)).toBe(status);
      expect(res.body.message).toContain(message);
    };
    await refused({ from, to }, 400, M.tags);
    await refused({ tags: 'R1/output/5', from, to }, 400, M.tagKey);
    await refused(
      { tags: Array.from({ length: 17 }, (_, i) => `R1/input/${i + 1}`).join(','), from, to },
      400,
      M.tooManyTags,
    );
    await refused({ tags: BT, from: 'yesterday', to }, 400, M.from);
    await refused({ tags: BT, from: to, to: from }, 400, M.order);
    await refused({ tags: BT, from, to, max_points: '5' }, 400, M.maxPoints);
    await refused({ tags: 'R1/input/9999', from, to }, 404, 'Tag R1/input/9999 not found.');
  });
});

describe('retention', () => {
  it('is read by everyone and set by an administrator, rollups at least as long as raw samples', async () => {
    const operator = t.as(Role.Operator);
    const admin = t.as(Role.Administrator);
    expect((await operator<HistorianRetention>('GET', '/api/historian/retention')).body).toEqual({
      raw_days: 30,
      rollup_days: 730,
    });
    const longer = { raw_days: 60, rollup_days: 800 };
    expect((await operator('PUT', '/api/historian/retention', longer)).status).toBe(403);
    const refused = await admin('PUT', '/api/historian/retention', {
      raw_days: 40,
      rollup_days: 10,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(M.rollupLonger);
    expect(await admin('PUT', '/api/historian/retention', longer)).toEqual({
      status: 200,
      body: longer,
    });
    expect((await operator<HistorianRetention>('GET', '/api/historian/retention')).body).toEqual(
      longer,
    );
  });
});

describe('a database that refuses samples', () => {
  let f: TestApp;
  beforeAll(async () => {
    f = await buildTestApp();
  });
  afterAll(() => f.close());

  const active = async () =>
    (await f.as(Role.Supervisor)<ActiveNotifications>('GET', '/api/notification/active')).body.data;

  it('raises an alarm, keeps the samples, writes them once it can, and says so', async () => {
    const { db } = f.database;
    const { historian } = f.services;
    const offer = (value: number) =>
      historian.ingest.onValue({
        type: 'value',
        device_id: 'R1',
        command_kind: 'input',
        command_id: DemoInput.GreenWeight,
        role: null,
        value,
        quality: 'good',
        isSame: false,
      });
    await db.execute(sql`alter table historian_samples rename to historian_samples_moved`);
    try {
      offer(120);
      expect(await historian.flush()).toBe(0);
      const alarm = await eventually(
        async () => (await active()).find((n) => n.text.startsWith('The historian could not')),
        'the outage alarm',
      );
      expect(alarm).toMatchObject({
        type: 'alarm',
        clearedAt: null,
        text: "The historian could not write the plant's values; 1 wait in memory and are written once the database takes them again. Check the database.",
      });
      expect(historian.ingest.pending).toBe(1);
    } finally {
      await db.execute(sql`alter table historian_samples_moved rename to historian_samples`);
    }
    expect(await historian.flush()).toBe(1);
    await eventually(async () => {
      const now = await active();
      const cleared = now.every(
        (n) => !n.text.startsWith('The historian could not') || n.clearedAt,
      );
      const notice = now.some((n) =>
        /^The historian writes the plant's values again after \d+ s; no value was lost\.$/.test(
          n.text,
        ),
      );
      return (cleared && notice) || undefined;
    }, 'the alarm cleared and the notice of recovery');
  });
});
