/**
 * Alarm throughput: alarms raised at a steady rate (100 a second by default) for a minute through
 * `NotificationService.raise`, the path every PLC alarm code and console alarm takes, counted
 * where they must arrive: stored in the database, published on the event hub and numbered on the
 * live stream every browser follows. Half of them clear again a second later, as real alarms do,
 * so clears compete with raises for the database. Reports the time from a raise to its commit.
 *
 *   node bench/alarms.ts [--rate 100] [--seconds 60]
 *
 * Embedded database by default; with TEST_DATABASE_URL, a PostgreSQL server. JSON on stdout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq } from 'drizzle-orm';
import { notifications } from '@roastery/db';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp } from '@roastery/server/testing';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
  },
});
const rate = Number(args.rate);
const seconds = Number(args.seconds);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? NaN) };
}

const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const t = await buildTestApp();
try {
  const { notifications: service, hub, live } = t.services;
  const hubRaised = new Set<number>();
  const liveRaised = new Set<number>();
  const liveSeqs: number[] = [];
  hub.subscribe('notification', (e) => {
    if (e.raised) hubRaised.add(e.notification.id);
  });
  const stopLive = live.subscribe((e) => {
    liveSeqs.push(e.seq);
    if (e.type === 'notification' && e.notification.clearedAt === null) {
      liveRaised.add(e.notification.id);
    }
  });

  const latencies: number[] = [];
  const pending: Promise<unknown>[] = [];
  let failed = 0;
  let issued = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const total = rate * seconds;
  const started = performance.now();
  // Paced by the clock, not by the work: a slow commit does not slow the plant down.
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    for (; issued < due; issued += 1) {
      const index = issued;
      const source = `bench:${index}`;
      const t0 = performance.now();
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      pending.push(
        service.raise({ type: 'alarm', text: `Bench alarm ${index}`, by: 'bench', source }).then(
          async (n) => {
            latencies.push(performance.now() - t0);
            inFlight -= 1;
            if (!n) failed += 1;
            else if (index % 2 === 0) {
              await sleep(1000);
              await service.clear(source);
            }
          },
          () => {
            inFlight -= 1;
            failed += 1;
          },
        ),
      );
    }
    await sleep(5);
  }
  const raisedSeconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  stopLive();
  const [stored] = await t.database.db
    .select({ n: count() })
    .from(notifications)
    .where(eq(notifications.by, 'bench'));
  const gaps = liveSeqs.filter((s, i) => i > 0 && s !== (liveSeqs[i - 1] ?? s) + 1).length;
  const lost = total - Math.min(stored?.n ?? 0, hubRaised.size, liveRaised.size);
  console.log(
    JSON.stringify(
      {
        benchmark: 'alarms',
        database: t.database.kind,
        rate,
        seconds,
        raised: total,
        raisedPerSecond: Math.round(total / raisedSeconds),
        stored: stored?.n ?? 0,
        onHub: hubRaised.size,
        onLiveStream: liveRaised.size,
        liveSequenceGaps: gaps,
        failed,
        lost,
        raiseToCommitMs: stats(latencies),
        maxRaisesWaiting: maxInFlight,
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
  await removeTemplate();
  await rm(dir, { recursive: true, force: true });
}
