import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Role, type ActiveNotifications, type LiveEvent } from '@roastery/contract';
import { notifications } from '@roastery/db';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

/**
 * 100 alarms/s for 5 s of plant time in CI; `npm run test:soak` runs the full 60 s. The bench
 * (bench/alarms.ts) paces the same at the wall clock's rate.
 */
const RATE = 100;
const SECONDS = Number(process.env['ALARM_LOAD_SECONDS'] ?? 5);

let t: TestApp;
let now = new Date('2026-03-02T08:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({}, { alarmClock: () => now });
});
afterAll(() => t.close());

describe(`${RATE} alarms/s for ${SECONDS} s`, () => {
  it('stores every alarm and delivers each once on the hub and on the live stream', async () => {
    const hubRaised = new Set<number>();
    const live: LiveEvent[] = [];
    t.services.hub.subscribe('notification', (e) => {
      if (e.raised) hubRaised.add(e.notification.id);
    });
    const stopLive = t.services.live.subscribe((e) => live.push(e));

    // Each second's alarms arrive at once, none waiting for another: the raise path queues them.
    const raises: Promise<unknown>[] = [];
    for (let s = 0; s < SECONDS; s += 1) {
      for (let i = 0; i < RATE; i += 1) {
        raises.push(
          t.services.notifications.raise({
            type: 'alarm',
            text: `Load ${s}.${i}`,
            by: 'load',
            source: `load:${s}:${i}`,
          }),
        );
      }
      await Promise.resolve();
      now = new Date(now.getTime() + 1000);
    }
    const results = await Promise.allSettled(raises);
    stopLive();

    const total = RATE * SECONDS;
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.by, 'load'));
    expect(stored?.n).toBe(total);
    expect(hubRaised.size).toBe(total);
    const liveRaised = new Set(
      live.flatMap((e) => (e.type === 'notification' ? [e.notification.id] : [])),
    );
    expect(liveRaised).toEqual(hubRaised);
    // Numbered without a gap: a browser following the stream missed nothing either.
    const seqs = live.map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(live.some((e) => e.type === 'alarm-flood' && e.flooding)).toBe(true);

    const bell = await t.as(Role.Supervisor)<ActiveNotifications>(
      'GET',
      '/api/notification/active',
    );
    expect(bell.body.count).toBe(total);
  }, 180_000);
});
