import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beans, devices } from '@roastery/db';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { seedDemoPlant } from '../plant/seed-demo-plant.ts';
import type { LedgerService } from './ledger-service.ts';

let t: TestApp;
let ledger: LedgerService;
/** Device codes -> ids of the demo plant: six 20,000 lb silos, four 5,000 lb bins, a roaster. */
const id: Record<string, number> = {};
const bean: Record<'colombia' | 'brazil' | 'organic', number> = {
  colombia: 0,
  brazil: 0,
  organic: 0,
};

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  for (const d of await t.database.db
    .select({ id: devices.id, code: devices.deviceId })
    .from(devices)) {
    id[d.code] = d.id;
  }
  const created = await t.database.db
    .insert(beans)
    .values([
      { name: 'Colombia Supremo' },
      { name: 'Brazil Santos' },
      { name: 'Ethiopia Organic', segregation: 'organic' },
    ])
    .returning({ id: beans.id });
  [bean.colombia, bean.brazil, bean.organic] = created.map((b) => b.id) as [number, number, number];
  ledger = t.services.ledger;
});
afterAll(() => t.close());

async function reset(): Promise<void> {
  await t.database.db.execute(
    sql`truncate ledger_entries, device_lots, lots restart identity cascade`,
  );
}

let lotCounter = 0;
function lot(beanId: number): Promise<number> {
  lotCounter += 1;
  return ledger.createLot({ lotNumber: `DMP-T${lotCounter}`, beanId, kind: 'green' });
}

const holdingsOf = async (code: string) =>
  (await ledger.holdings(id[code]!)).map((h) => [h.lotId, h.centiLbs]);

describe('the bean ledger', () => {
  it('moves the oldest lots first and records one row per lot portion', async () => {
    await reset();
    const a = await lot(bean.colombia);
    const b = await lot(bean.colombia);
    await ledger.receive({ toDevice: id.GS1!, lotId: a, lbs: 200, reason: 'dump' });
    await ledger.receive({ toDevice: id.GS1!, lotId: b, lbs: 300.25, reason: 'dump' });
    const moved = await ledger.move({
      fromDevice: id.GS1!,
      toDevice: id.GS2!,
      lbs: 250.5,
      reason: 'transfer',
    });
    expect(moved.portions).toEqual([
      { lotId: a, centiLbs: 20000 },
      { lotId: b, centiLbs: 5050 },
    ]);
    expect(await holdingsOf('GS1')).toEqual([[b, 24975]]);
    expect(await holdingsOf('GS2')).toEqual([
      [a, 20000],
      [b, 5050],
    ]);
    expect(await ledger.invariantViolations()).toEqual([]);
  });

  it('refuses to go below zero or above capacity, and changes nothing', async () => {
    await reset();
    const a = await lot(bean.brazil);
    await ledger.receive({ toDevice: id.WRB1!, lotId: a, lbs: 4999.99, reason: 'dump' });
    await expect(
      ledger.receive({ toDevice: id.WRB1!, lotId: a, lbs: 0.02, reason: 'dump' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message:
        'WRB Bin 1 would exceed its capacity of 5,000.00 lbs: it holds 4,999.99 lbs and 0.02 lbs would come in.',
    });
    await expect(
      ledger.move({ fromDevice: id.WRB1!, toDevice: null, lbs: 5000, reason: 'pack' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Not enough beans in WRB Bin 1: 4,999.99 lbs available, 5,000.00 lbs requested.',
    });
    await expect(
      ledger.move({ fromDevice: id.WRB1!, toDevice: null, lbs: 0, reason: 'pack' }),
    ).rejects.toMatchObject({
      statusCode: 422,
    });
    expect(await holdingsOf('WRB1')).toEqual([[a, 499999]]);
    expect(await ledger.invariantViolations()).toEqual([]);
  });

  it('keeps organic beans apart unless a person overrides, and records the override', async () => {
    await reset();
    const plain = await lot(bean.colombia);
    const organic = await lot(bean.organic);
    await ledger.receive({ toDevice: id.GS3!, lotId: plain, lbs: 100, reason: 'dump' });
    await expect(
      ledger.receive({ toDevice: id.GS3!, lotId: organic, lbs: 50, reason: 'dump' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message:
        'Green Silo 3 would mix unflagged and organic beans. Confirm the segregation override to do it anyway.',
    });
    await ledger.receive({
      toDevice: id.GS3!,
      lotId: organic,
      lbs: 50,
      reason: 'dump',
      segregationOverride: true,
    });
    const rows = await t.database.db.execute(
      sql`select segregation_override from ledger_entries order by id`,
    );
    expect(
      (rows as unknown as { rows: { segregation_override: boolean }[] }).rows.map(
        (r) => r.segregation_override,
      ),
    ).toEqual([false, true]);
  });
});

type Op =
  | {
      kind: 'receive';
      to: string;
      bean: 'colombia' | 'brazil' | 'organic';
      lbs: number;
      override: boolean;
    }
  | { kind: 'move'; from: string; to: string | null; lbs: number; override: boolean }
  | { kind: 'pair'; a: Op; b: Op };

const bins = ['GS1', 'GS2', 'WRB1', 'WRB2', 'R1'];
const weight = fc.integer({ min: 1, max: 800_000 }).map((c) => c / 100);
const single: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('receive' as const),
    to: fc.constantFrom(...bins),
    bean: fc.constantFrom('colombia' as const, 'brazil' as const, 'organic' as const),
    lbs: weight,
    override: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    from: fc.constantFrom(...bins),
    to: fc.option(fc.constantFrom(...bins), { nil: null }),
    lbs: weight,
    override: fc.boolean(),
  }),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: single },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pair' as const), a: single, b: single }) },
);

async function run(o: Op): Promise<void> {
  if (o.kind === 'pair') {
    // Two operations at once on overlapping devices: the locks must serialise them.
    await Promise.all([run(o.a), run(o.b)]);
    return;
  }
  try {
    if (o.kind === 'receive') {
      await ledger.receive({
        toDevice: id[o.to]!,
        lotId: await lot(bean[o.bean]),
        lbs: o.lbs,
        reason: 'dump',
        segregationOverride: o.override,
      });
    } else if (o.from !== o.to) {
      await ledger.move({
        fromDevice: id[o.from]!,
        toDevice: o.to === null ? null : id[o.to]!,
        lbs: o.lbs,
        reason: o.to === null ? 'pack' : 'transfer',
        segregationOverride: o.override,
      });
    }
  } catch (error) {
    // Refusals are part of the game; anything else is a bug.
    if (!(error instanceof Error && 'statusCode' in error)) throw error;
  }
}

async function snapshot(): Promise<string> {
  const all = await Promise.all(bins.map(holdingsOf));
  return JSON.stringify(all);
}

describe('ledger invariants under random operations', () => {
  it('balance exactly after every sequence, and a refused operation changes nothing', async () => {
    const runs = Number(process.env.LEDGER_PROPERTY_RUNS ?? 300);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        await reset();
        for (const o of ops) {
          const before = o.kind === 'pair' ? undefined : await snapshot();
          const entriesBefore = await t.database.db.$count(sql`ledger_entries`);
          await run(o);
          const entriesAfter = await t.database.db.$count(sql`ledger_entries`);
          if (before !== undefined && entriesAfter === entriesBefore)
            expect(await snapshot()).toBe(before);
          expect(await ledger.invariantViolations()).toEqual([]);
        }
      }),
      { numRuns: runs },
    );
    // Hundreds of sequences of database transactions: minutes on a loaded 2-core machine.
  }, 300_000);
});
