import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@roastery/db';
import { createTestDatabase } from '@roastery/db/testing';
import { silentLogger } from '../../lib/silent-logger.ts';
import {
  BEAN_TEMPERATURE,
  GREEN_WEIGHT,
  PHASE,
  ROASTER,
  RUNNING,
  historianBench,
  type HistorianBench,
} from '../../../test/historian-fixtures.ts';
import { HistorianRepository, type SampleRow } from './historian-repository.ts';
import { rollupPartition, samplePartition } from './partitions.ts';

const T0 = Date.UTC(2026, 2, 10, 8, 0, 0);
const S = 1_000;
const MIN = 60_000;
const DAY = 86_400_000;

let database: DatabaseHandle;
let sampleInserts = 0;

beforeAll(async () => {
  database = await createTestDatabase({
    onQuery: (text) => {
      if (/^insert into "historian_samples"/i.test(text)) sampleInserts += 1;
    },
  });
});
afterAll(() => database.close());

/** Publishes each value at its time. */
function feed(
  b: HistorianBench,
  ref: Parameters<HistorianBench['value']>[0],
  at: [number, number][],
) {
  for (const [ms, value] of at) {
    b.at(ms);
    b.value(ref, value);
  }
}

const values = (rows: { value: number | null }[]) => rows.map((r) => r.value);

describe('what the historian stores', () => {
  it('stores a change beyond the tag’s deadband (0.5 °F, 0.1 lbs) and skips one within it', async () => {
    const b = await historianBench(database.db);
    feed(b, BEAN_TEMPERATURE, [
      [T0, 400],
      [T0 + S, 400.3],
      [T0 + 2 * S, 400.5],
      [T0 + 3 * S, 400.8],
    ]);
    feed(b, GREEN_WEIGHT, [
      [T0, 10],
      [T0 + S, 10.05],
      [T0 + 2 * S, 10.1],
      [T0 + 3 * S, 10.15],
    ]);
    await b.historian.flush();
    expect(await b.samples(BEAN_TEMPERATURE)).toEqual([
      { at: T0, value: 400, quality: 0 },
      { at: T0 + 2 * S, value: 400.5, quality: 0 },
    ]);
    expect(values(await b.samples(GREEN_WEIGHT))).toEqual([10, 10.1]);
  });

  it('stores every change of a coil and of a state without a unit', async () => {
    const b = await historianBench(database.db);
    feed(b, RUNNING, [
      [T0, 0],
      [T0 + S, 1],
      [T0 + 2 * S, 1],
      [T0 + 3 * S, 0],
    ]);
    feed(b, PHASE, [
      [T0, 0],
      [T0 + S, 0],
      [T0 + 2 * S, 1],
    ]);
    await b.historian.flush();
    expect(values(await b.samples(RUNNING))).toEqual([0, 1, 0]);
    expect(values(await b.samples(PHASE))).toEqual([0, 1]);
  });

  it('stores a value that stayed within its deadband again after 5 minutes, as it is then', async () => {
    const b = await historianBench(database.db);
    feed(b, BEAN_TEMPERATURE, [
      [T0, 400],
      [T0 + 10 * S, 400.4],
    ]);
    b.at(T0 + 5 * MIN - 1);
    await b.historian.flush();
    expect(values(await b.samples(BEAN_TEMPERATURE))).toEqual([400]);
    b.at(T0 + 5 * MIN);
    await b.historian.flush();
    expect(await b.samples(BEAN_TEMPERATURE)).toEqual([
      { at: T0, value: 400, quality: 0 },
      { at: T0 + 5 * MIN, value: 400.4, quality: 0 },
    ]);
  });

  it('keeps every change of quality, and a device or the whole plant going offline as unknown', async () => {
    const b = await historianBench(database.db);
    const other = { device_id: 'X1', kind: 'input' as const, command_id: 1 };
    feed(b, BEAN_TEMPERATURE, [[T0, 400]]);
    feed(b, GREEN_WEIGHT, [[T0, 10]]);
    feed(b, other, [[T0, 7]]);
    b.at(T0 + S);
    b.value(BEAN_TEMPERATURE, 400, 'stale');
    b.at(T0 + 2 * S);
    b.hub.publish({ type: 'device-quality', device_id: ROASTER, quality: 'offline' });
    b.at(T0 + 3 * S);
    b.hub.publish({ type: 'connection', state: 'closed', error: 'stopped by test', since: T0 });
    await b.historian.flush();
    expect(await b.samples(BEAN_TEMPERATURE)).toEqual([
      { at: T0, value: 400, quality: 0 },
      { at: T0 + S, value: 400, quality: 1 },
      { at: T0 + 2 * S, value: null, quality: 2 },
    ]);
    expect(await b.samples(GREEN_WEIGHT)).toEqual([
      { at: T0, value: 10, quality: 0 },
      { at: T0 + 2 * S, value: null, quality: 2 },
    ]);
    expect(await b.samples(other)).toEqual([
      { at: T0, value: 7, quality: 0 },
      { at: T0 + 3 * S, value: null, quality: 2 },
    ]);
  });

  it('keeps a roaster’s every change and a sample each second during a batch, not after it', async () => {
    const b = await historianBench(database.db);
    b.at(T0);
    b.value(PHASE, 2, 'good', 'roaster-phase');
    feed(b, BEAN_TEMPERATURE, [
      [T0, 400],
      [T0 + S / 2, 400.1],
    ]);
    b.at(T0 + 1.2 * S);
    await b.historian.flush();
    b.at(T0 + 2 * S);
    await b.historian.flush();
    expect(await b.samples(BEAN_TEMPERATURE)).toEqual([
      { at: T0, value: 400, quality: 0 },
      { at: T0 + S / 2, value: 400.1, quality: 0 },
      { at: T0 + 2 * S, value: 400.1, quality: 0 },
    ]);
    expect(values(await b.samples(PHASE))).toEqual([2, 2]);
    b.at(T0 + 3 * S);
    b.value(PHASE, 0, 'good', 'roaster-phase');
    feed(b, BEAN_TEMPERATURE, [[T0 + 4 * S, 400.2]]);
    b.at(T0 + 10 * S);
    await b.historian.flush();
    expect(values(await b.samples(BEAN_TEMPERATURE))).toEqual([400, 400.1, 400.1]);
  });
});

describe('how it writes', () => {
  it('writes everything that arrived since the last flush in one insert: 2,000 tags', async () => {
    const b = await historianBench(database.db);
    b.at(T0);
    for (let i = 0; i < 2_000; i++) {
      b.value({ device_id: `T${i}`, kind: 'input', command_id: 1 }, i);
    }
    const before = sampleInserts;
    expect(await b.historian.flush()).toBe(2_000);
    expect(sampleInserts - before).toBe(1);
    expect(await b.samples()).toHaveLength(2_000);
  });

  it('keeps what it could not write, within its bound, logs the fault once, and writes it later', async () => {
    let failing = true;
    class FailingRepository extends HistorianRepository {
      override insertSamples(rows: readonly SampleRow[]): Promise<void> {
        return failing ? Promise.reject(new Error('connection lost')) : super.insertSamples(rows);
      }
    }
    const logger = Object.assign(Object.create(silentLogger) as FastifyBaseLogger, {
      error: vi.fn(),
      warn: vi.fn(),
    });
    const outage = { began: vi.fn(), overflowing: vi.fn(), ended: vi.fn() };
    const b = await historianBench(database.db, {
      repo: new FailingRepository(database.db),
      logger,
      maxBuffer: 5,
      outage,
    });
    feed(
      b,
      GREEN_WEIGHT,
      [1, 2, 3].map((n) => [T0 + n * S, n]),
    );
    expect(await b.historian.flush()).toBe(0);
    feed(
      b,
      GREEN_WEIGHT,
      [4, 5, 6, 7, 8].map((n) => [T0 + n * S, n]),
    );
    expect(await b.historian.flush()).toBe(0);
    expect(b.historian.ingest.pending).toBe(5);
    expect(b.historian.ingest.dropped).toBe(3);
    // One error for the failing writes, one for the full buffer: not one per flush.
    expect(logger.error).toHaveBeenCalledTimes(2);
    // The alarms likewise: the outage with the three samples then waiting, the full buffer.
    expect(outage.began.mock.calls).toEqual([[3]]);
    expect(outage.overflowing.mock.calls).toEqual([[5]]);
    expect(outage.ended).not.toHaveBeenCalled();
    b.at(T0 + 20 * S);
    failing = false;
    expect(await b.historian.flush()).toBe(5);
    expect(values(await b.samples(GREEN_WEIGHT))).toEqual([4, 5, 6, 7, 8]);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ dropped: 3 }),
      'historian: writing samples again',
    );
    expect(outage.ended).toHaveBeenCalledTimes(1);
    expect(outage.ended.mock.calls[0]?.[1]).toBe(3);
    expect(outage.ended.mock.calls[0]?.[0]).toBeGreaterThan(0);
    expect(await b.historian.flush()).toBe(0);
    expect(outage.ended).toHaveBeenCalledTimes(1);
  });
});

interface RollupRow {
  minute: number;
  min: number;
  max: number;
  avg: number;
  last: number;
  count: number;
}

async function rollups(b: HistorianBench): Promise<RollupRow[]> {
  const result = await b.db.execute(sql`
    select (extract(epoch from minute) * 1000)::float8 as minute, min, max, avg, last, count
    from historian_rollups order by tag_id, minute`);
  return (result as unknown as { rows: Record<keyof RollupRow, unknown>[] }).rows.map((r) => ({
    minute: Number(r.minute),
    min: Number(r.min),
    max: Number(r.max),
    avg: Number(r.avg),
    last: Number(r.last),
    count: Number(r.count),
  }));
}

describe('rollups and retention', () => {
  it('folds complete minutes into exact rollups of the good samples, the same when folded again', async () => {
    const b = await historianBench(database.db);
    feed(b, BEAN_TEMPERATURE, [
      [T0, 400],
      [T0 + 10 * S, 401],
      [T0 + 20 * S, 399],
      [T0 + 50 * S, 402.5],
    ]);
    b.at(T0 + 55 * S);
    b.value(BEAN_TEMPERATURE, 500, 'stale');
    feed(b, BEAN_TEMPERATURE, [
      [T0 + 61 * S, 405],
      [T0 + 125 * S, 410],
    ]);
    await b.historian.flush();
    b.at(T0 + 2 * MIN + 10 * S);
    expect((await b.historian.maintain())?.folded).toEqual({ from: T0, to: T0 + 2 * MIN });
    const folded = [
      { minute: T0, min: 399, max: 402.5, avg: 400.625, last: 402.5, count: 4 },
      { minute: T0 + MIN, min: 405, max: 405, avg: 405, last: 405, count: 1 },
    ];
    expect(await rollups(b)).toEqual(folded);
    expect((await b.historian.maintain())?.folded).toBeUndefined();
    expect(await rollups(b)).toEqual(folded);

    // A sample of a folded minute written late (after a failed write) has the minute folded again.
    feed(b, GREEN_WEIGHT, [[T0 + 30 * S, 12]]);
    await b.historian.flush();
    b.at(T0 + 2 * MIN + 20 * S);
    expect((await b.historian.maintain())?.folded).toEqual({ from: T0, to: T0 + 2 * MIN });
    expect(await rollups(b)).toEqual([
      ...folded,
      { minute: T0, min: 12, max: 12, avg: 12, last: 12, count: 1 },
    ]);
  });

  it('has work between days only when samples were written', async () => {
    const b = await historianBench(database.db);
    b.at(T0);
    await b.historian.maintain();
    const { maintenance } = b.historian;
    expect(maintenance.due(T0 + 15 * S)).toBe(false);
    feed(b, GREEN_WEIGHT, [[T0 + 20 * S, 1]]);
    await b.historian.flush();
    expect(maintenance.due(T0 + 30 * S)).toBe(true);
    b.at(T0 + 2 * MIN);
    await b.historian.maintain();
    expect(maintenance.due(T0 + 2 * MIN + 15 * S)).toBe(false);
    expect(maintenance.due(T0 + DAY)).toBe(true);
  });

  it('makes partitions ahead and on demand, and drops whole ones once their retention passed', async () => {
    const b = await historianBench(database.db);
    feed(b, GREEN_WEIGHT, [
      [T0 - 40 * DAY, 1],
      [T0 - 29 * DAY, 2],
      [T0, 3],
    ]);
    await b.historian.flush();
    await b.repo.createPartition(rollupPartition(T0 - 90 * DAY));
    await b.repo.setRetention(30, 60);
    b.at(T0);
    const report = await b.historian.maintain();
    expect(report?.dropped).toEqual([
      samplePartition(T0 - 40 * DAY).name,
      rollupPartition(T0 - 90 * DAY).name,
    ]);
    expect(await b.repo.partitions('historian_samples')).toEqual([
      'historian_samples_p20260209',
      'historian_samples_p20260310',
      'historian_samples_p20260311',
    ]);
    expect(await b.repo.partitions('historian_rollups')).toEqual([
      'historian_rollups_p202602',
      'historian_rollups_p202603',
      'historian_rollups_p202604',
    ]);
    expect(values(await b.samples(GREEN_WEIGHT))).toEqual([2, 3]);
    // A late sample of a dropped day makes its partition again rather than fail.
    feed(b, GREEN_WEIGHT, [[T0 - 40 * DAY, 4]]);
    expect(await b.historian.flush()).toBe(1);
  });
});
