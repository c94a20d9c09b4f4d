import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@roastery/contract';
import { devices, deviceTypes, eventCounts, events } from '@roastery/db';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import type { EventFilter } from './event-log-repository.ts';

let t: TestApp;
const codes = ['TOT1', 'TOT2'];
const refs: number[] = [];
const kinds = ['device', 'alarm'];
/** A month no other test writes to: June 2025. */
const june = { from: new Date(Date.UTC(2025, 5, 1)), to: new Date(Date.UTC(2025, 6, 1)) };

/** A fixed pseudo-random sequence, so that a failure repeats. */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/** Events at scattered times of June, over two devices, no device, and two kinds. */
function scattered(count: number, seed: number) {
  const next = sequence(seed);
  return Array.from({ length: count }, (_, i) => {
    const device = next(3);
    return {
      deviceId: device < 2 ? refs[device]! : null,
      deviceName: device < 2 ? codes[device]! : '',
      description: `Scattered ${seed}-${i}`,
      kind: kinds[next(2)]!,
      time: new Date(june.from.getTime() + next(30 * 24 * 3600) * 1000 + next(1000)),
    };
  });
}

/** The filter's rows, counted one by one: what the kept counts must add up to. */
async function counted(f: EventFilter): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(events)
    .leftJoin(devices, eq(devices.id, events.deviceId))
    .where(
      and(
        f.from ? gte(events.time, f.from) : undefined,
        f.to ? lt(events.time, f.to) : undefined,
        f.deviceCode ? eq(devices.deviceId, f.deviceCode) : undefined,
        f.kind ? eq(events.kind, f.kind) : undefined,
      ),
    );
  return row?.n ?? 0;
}

const at = (day: number, hour = 0, minute = 0, second = 0) =>
  new Date(Date.UTC(2025, 5, day, hour, minute, second));

/** Ranges whole, cut mid-hour, within an hour, across days, open at either end. */
const ranges: { from?: Date; to?: Date }[] = [
  june,
  { from: at(3, 5, 17, 9), to: at(19, 22, 41) },
  { from: at(7, 10), to: at(7, 11) },
  { from: at(7, 10, 5), to: at(7, 10, 55) },
  { from: at(7, 10, 30), to: at(8, 2, 30) },
  { from: at(12), to: at(13) },
  { from: at(12, 23, 59, 59), to: at(14, 0, 0, 1) },
  { from: at(20, 13, 13) },
  { to: at(9, 4, 44) },
  {},
];

/** Every range, with each device, each kind and neither: the count against the rows. */
async function expectExactTotals(): Promise<void> {
  for (const range of ranges) {
    for (const deviceCode of [undefined, ...codes]) {
      for (const kind of [undefined, ...kinds]) {
        const filter: EventFilter = {
          ...range,
          ...(deviceCode && { deviceCode }),
          ...(kind && { kind }),
        };
        const label = JSON.stringify(filter);
        expect(await t.services.eventLog.count(filter), label).toBe(await counted(filter));
      }
    }
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  await db.insert(deviceTypes).values({ id: 9_901, name: 'Totals test' }).onConflictDoNothing();
  for (const code of codes) {
    const [row] = await db
      .insert(devices)
      .values({ deviceId: code, name: code, typeId: 9_901, stage: 1 })
      .returning({ id: devices.id });
    refs.push(row!.id);
  }
  await db.insert(events).values(scattered(1_500, 7));
  for (const row of scattered(40, 11)) await t.services.eventLog.record({ ...row, kind: 'alarm' });
});
afterAll(() => t.close());

describe("the events log's total", () => {
  it('is exact for any range, device and kind, from the kept counts and the edge rows', async () => {
    expect(await counted(june)).toBe(1_540);
    await expectExactTotals();
    const page = await t.as(Role.Supervisor)<{ total: number; totalPage: number }>(
      'POST',
      '/api/event',
      {
        where: {
          event_time: { gte: at(3, 5, 17, 9).toISOString(), lt: at(19, 22, 41).toISOString() },
        },
        limit: 10,
        page: 1,
      },
    );
    const total = await counted({ from: at(3, 5, 17, 9), to: at(19, 22, 41) });
    expect(page.body).toMatchObject({ total, totalPage: Math.ceil(total / 10) });
  });

  it('keeps counting right as rows are deleted, moved and their device removed', async () => {
    const db = t.database.db;
    await db.delete(events).where(and(gte(events.time, at(7)), lt(events.time, at(9, 12))));
    await db
      .update(events)
      .set({ time: sql`${events.time} + interval '90 minutes'`, kind: 'device' })
      .where(and(gte(events.time, at(12)), lt(events.time, at(14))));
    await db.delete(devices).where(inArray(devices.id, [refs[1]!]));
    await db
      .insert(events)
      .values(scattered(300, 23).map((row) => ({ ...row, deviceId: refs[0]! })));
    await expectExactTotals();
  });

  it('keeps each day its own rows: the day counts add up to the rows of that day', async () => {
    const days = await t.database.db
      .select({ start: eventCounts.start, n: sql<number>`sum(${eventCounts.n})`.mapWith(Number) })
      .from(eventCounts)
      .where(
        and(
          eq(eventCounts.span, 'day'),
          gte(eventCounts.start, june.from),
          lt(eventCounts.start, june.to),
        ),
      )
      .groupBy(eventCounts.start);
    expect(days.length).toBeGreaterThan(25);
    for (const day of days) {
      const next = new Date(day.start.getTime() + 86_400_000);
      expect(day.n, day.start.toISOString()).toBe(await counted({ from: day.start, to: next }));
    }
  });
});
