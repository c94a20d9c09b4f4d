import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beans, devices } from '@roastery/db';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { seedDemoPlant } from '../../demo/seed-demo-plant.ts';
import type { LedgerService } from './ledger-service.ts';
import { fromCenti } from './weights.ts';

/** Runs per property; `npm run test:soak` asks for at least 1,000. */
const runs = Number(process.env.CONCURRENCY_PROPERTY_RUNS ?? 40);

let t: TestApp;
let ledger: LedgerService;
const id: Record<string, number> = {};
const capacityCenti = new Map<number, number>();
let beanId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  for (const d of await t.database.db
    .select({ id: devices.id, code: devices.deviceId, capacity: devices.capacity })
    .from(devices)) {
    id[d.code] = d.id;
    if (d.capacity !== null) capacityCenti.set(d.id, Math.round(Number(d.capacity) * 100));
  }
  const [created] = await t.database.db
    .insert(beans)
    .values({ name: 'Colombia Supremo' })
    .returning({ id: beans.id });
  beanId = created?.id ?? 0;
  ledger = t.services.ledger;
});
afterAll(() => t.close());

const places = ['GS1', 'GS2', 'WRB1', 'WRB2'] as const;
type Place = (typeof places)[number];
const place = fc.constantFrom<Place>(...places);
const centi = fc.integer({ min: 1, max: 300_000 });

type Op =
  | { kind: 'receive'; to: Place; centi: number }
  | { kind: 'move'; from: Place; to: Place; centi: number }
  | { kind: 'out'; from: Place; centi: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('receive' as const), to: place, centi }),
  fc
    .record({ kind: fc.constant('move' as const), from: place, to: place, centi })
    .filter((m) => m.from !== m.to),
  fc.record({ kind: fc.constant('out' as const), from: place, centi }),
);

interface Entry {
  id: number;
  from_device: number | null;
  to_device: number | null;
  lot_ref: number;
  centi_lbs: number;
  batch_id: number | null;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as { rows?: T[] };
  return result.rows ?? [];
}

/**
 * Replays the ledger's history in the order it was written (a device's movements are
 * serialised by its row lock, so that order is the order they happened in for each device) and
 * reports every double spend, overfill, lost update and partial or missing movement.
 */
async function checkHistory(
  ops: readonly Op[],
  outcomes: readonly PromiseSettledResult<unknown>[],
): Promise<string[]> {
  const problems: string[] = [];
  const entries = (
    await rows<Entry>(
      sql`select id, from_device, to_device, lot_ref, centi_lbs::int as centi_lbs, batch_id from ledger_entries order by id`,
    )
  ).map((e) => ({ ...e, id: Number(e.id) }));
  const held = new Map<string, number>();
  const onDevice = new Map<number, number>();
  const key = (device: number, lot: number) => `${device}/${lot}`;
  for (const e of entries) {
    if (e.from_device !== null) {
      const left = (held.get(key(e.from_device, e.lot_ref)) ?? 0) - e.centi_lbs;
      if (left < 0) problems.push(`entry ${e.id}: lot ${e.lot_ref} spent twice (${left})`);
      held.set(key(e.from_device, e.lot_ref), left);
      onDevice.set(e.from_device, (onDevice.get(e.from_device) ?? 0) - e.centi_lbs);
    }
    if (e.to_device !== null) {
      held.set(
        key(e.to_device, e.lot_ref),
        (held.get(key(e.to_device, e.lot_ref)) ?? 0) + e.centi_lbs,
      );
      const total = (onDevice.get(e.to_device) ?? 0) + e.centi_lbs;
      onDevice.set(e.to_device, total);
      const capacity = capacityCenti.get(e.to_device);
      if (capacity !== undefined && total > capacity)
        problems.push(`entry ${e.id}: device ${e.to_device} over capacity (${total})`);
    }
  }
  const projection = await rows<{ device_ref: number; lot_ref: number; centi: number }>(
    sql`select device_ref, lot_ref, sum(centi_lbs)::int as centi from device_lots group by device_ref, lot_ref`,
  );
  const replayed = new Map([...held].filter(([, c]) => c !== 0));
  const projected = new Map(projection.map((p) => [key(p.device_ref, p.lot_ref), p.centi]));
  for (const [k, c] of replayed)
    if (projected.get(k) !== c) problems.push(`${k}: history says ${c}, held ${projected.get(k)}`);
  for (const [k, c] of projected)
    if (replayed.get(k) !== c) problems.push(`${k}: held ${c}, history says ${replayed.get(k)}`);

  ops.forEach((o, index) => {
    const batch = index + 1;
    const booked = entries.filter((e) => e.batch_id === batch);
    const outcome = outcomes[index];
    const moved = booked.reduce((sum, e) => sum + e.centi_lbs, 0);
    if (outcome?.status === 'fulfilled' && moved !== o.centi)
      problems.push(`op ${batch} (${o.kind}) acknowledged, ${moved} of ${o.centi} booked`);
    if (outcome?.status === 'rejected') {
      if (booked.length > 0) problems.push(`op ${batch} refused, yet ${moved} booked`);
      const status = (outcome.reason as { statusCode?: number }).statusCode;
      if (status !== 409 && status !== 422)
        problems.push(`op ${batch} failed with ${String(outcome.reason)}`);
    }
  });
  const received = entries.filter((e) => e.from_device === null);
  const left = entries.filter((e) => e.to_device === null);
  const total = (list: Entry[]) => list.reduce((sum, e) => sum + e.centi_lbs, 0);
  const heldTotal = projection.reduce((sum, p) => sum + p.centi, 0);
  if (total(received) - total(left) !== heldTotal)
    problems.push(
      `beans not conserved: in ${total(received)}, out ${total(left)}, held ${heldTotal}`,
    );
  return problems;
}

describe(
  'the ledger under interleaved concurrent movements',
  { timeout: 60_000 + runs * 2_000 },
  () => {
    it('never loses an update nor spends a bean twice: the history replays to what is held', async () => {
      let acknowledged = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.array(op, { minLength: 2, maxLength: 12 }),
          async (s, ops) => {
            await t.database.db.execute(
              sql`truncate ledger_entries, device_lots, lots restart identity cascade`,
            );
            // Each receipt brings a lot of its own, made before the race starts.
            const lots = await Promise.all(
              ops.map((o, index) =>
                o.kind === 'receive'
                  ? ledger.createLot({ lotNumber: `H-${index + 1}`, beanId, kind: 'green' })
                  : Promise.resolve(0),
              ),
            );
            // The scheduler releases the requests in an order of its choosing; once released they
            // run at the same time against the database.
            const issued = ops.map((o, index) =>
              s.schedule(Promise.resolve(index), `${o.kind} ${index + 1}`).then(() => {
                const batchId = index + 1;
                if (o.kind === 'receive')
                  return ledger.receive({
                    toDevice: id[o.to]!,
                    lotId: lots[index]!,
                    lbs: fromCenti(o.centi),
                    reason: 'dump',
                    batchId,
                  });
                return ledger.move({
                  fromDevice: id[o.from]!,
                  toDevice: o.kind === 'move' ? id[o.to]! : null,
                  lbs: fromCenti(o.centi),
                  reason: o.kind === 'move' ? 'transfer' : 'pack',
                  batchId,
                });
              }),
            );
            await s.waitAll();
            const outcomes = await Promise.allSettled(issued);
            acknowledged += outcomes.filter((o) => o.status === 'fulfilled').length;
            refused += outcomes.filter((o) => o.status === 'rejected').length;
            expect(await checkHistory(ops, outcomes)).toEqual([]);
            expect(await ledger.invariantViolations()).toEqual([]);
          },
        ),
        { numRuns: runs },
      );
      // Both sides of the race happened: movements went through and some were refused.
      expect(acknowledged).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    });
  },
);
