import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper.ts';
import { propertyRuns as runs, sum, useLedgerPlant } from '../../../test/ledger-fixtures.ts';
import type { LedgerService } from './ledger-service.ts';
import { fromCenti } from './weights.ts';

const plant = useLedgerPlant();
const { id, bean, reset, newLot } = plant;
let t: TestApp;
let ledger: LedgerService;
beforeAll(() => {
  t = plant.t;
  ledger = plant.ledger;
});

/** One roasting batch as a PLC would weigh it: what each silo gave, the cleaner's and the roast's shares. */
interface RoastOp {
  kind: 'roast';
  draws: { silo: 'GS1' | 'GS2' | 'GS3'; centi: number }[];
  /** Per mille of what the silos gave that the cleaner removed, and of the green weight lost. */
  wastePermille: number;
  lossPermille: number;
  bin: 'WRB1' | 'WRB2' | 'WRB3';
}
interface PackOp {
  kind: 'pack';
  bin: 'WRB1' | 'WRB2' | 'WRB3';
  /** null: until the bin is empty. */
  centi: number | null;
}
type BatchOp = RoastOp | PackOp;

const silo = fc.constantFrom<'GS1' | 'GS2' | 'GS3'>('GS1', 'GS2', 'GS3');
const roastedBin = fc.constantFrom<'WRB1' | 'WRB2' | 'WRB3'>('WRB1', 'WRB2', 'WRB3');
const batchOp: fc.Arbitrary<BatchOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('roast' as const),
      draws: fc.uniqueArray(fc.record({ silo, centi: fc.integer({ min: 0, max: 60_000 }) }), {
        minLength: 1,
        maxLength: 3,
        selector: (d) => d.silo,
      }),
      wastePermille: fc.integer({ min: 0, max: 20 }),
      lossPermille: fc.integer({ min: 100, max: 200 }),
      bin: roastedBin,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('pack' as const),
      bin: roastedBin,
      centi: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null, freq: 3 }),
    }),
  },
);

let batchCounter = 0;
/** Over all sequences: the property must have booked roasts and packs, not only refusals. */
const seen = { roasted: 0, packed: 0 };
async function runBatchOp(o: BatchOp, orderId: number): Promise<'roasted' | 'packed' | 'refused'> {
  batchCounter += 1;
  try {
    if (o.kind === 'pack') {
      const held = sum((await ledger.holdings(id[o.bin]!)).map((h) => h.centiLbs));
      const centi = o.centi === null ? held : o.centi;
      if (centi === 0) return 'refused';
      await ledger.move({
        fromDevice: id[o.bin]!,
        toDevice: null,
        lbs: fromCenti(centi),
        reason: 'pack',
        orderId,
        batchId: batchCounter,
      });
      seen.packed += 1;
      return 'packed';
    }
    const drawn = sum(o.draws.map((d) => d.centi));
    const green = drawn - Math.floor((drawn * o.wastePermille) / 1000);
    const roasted = green - Math.floor((green * o.lossPermille) / 1000);
    await ledger.bookRoast({
      orderId,
      batchId: batchCounter,
      roaster: id.R1!,
      draws: o.draws.map((d) => ({ fromDevice: id[d.silo]!, centiLbs: d.centi })),
      wasteDevice: id.WB1!,
      greenCenti: green,
      roastedCenti: roasted,
      destination: id[o.bin]!,
      roastedLot: {
        lotNumber: `RST-P${batchCounter}`,
        beanId: bean.colombia,
        roastedAt: new Date(),
      },
    });
    seen.roasted += 1;
    return 'roasted';
  } catch (error) {
    // Refusals (not enough beans, no room, a roast with nothing roasted) are the only errors.
    expect(error).toMatchObject({ statusCode: expect.any(Number) as number });
    return 'refused';
  }
}

describe(
  'ledger invariants under concurrent roasting and packing orders',
  { timeout: runs * 1_000 },
  () => {
    it('book each batch as one movement that balances to the hundredth, loss and waste included', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(batchOp, { minLength: 1, maxLength: 4 }), {
            minLength: 1,
            maxLength: 3,
          }),
          async (orders) => {
            await reset();
            const greenLots: string[] = [];
            for (const code of ['GS1', 'GS2', 'GS3'] as const) {
              const { lotNumber, lotId } = await newLot(bean.colombia);
              greenLots.push(lotNumber);
              await ledger.receive({ toDevice: id[code]!, lotId, lbs: 1_000, reason: 'dump' });
            }
            // Each order runs its batches in turn; the orders run at once, as on several roasters.
            const outcomes = await Promise.all(
              orders.map(async (batches, i) => {
                const done: ('roasted' | 'packed' | 'refused')[] = [];
                for (const o of batches) done.push(await runBatchOp(o, i + 1));
                return done;
              }),
            );
            expect(await ledger.invariantViolations()).toEqual([]);
            // The roaster never keeps anything: every batch leaves it within its own movement.
            expect(await ledger.holdings(id.R1!)).toEqual([]);
            const rows = await t.database.db.execute(sql`
            select movement_id, reason, from_device, to_device, centi_lbs::text as centi
            from ledger_entries where reason in ('roast_in', 'cleaner_waste', 'roast_loss', 'roast_out')`);
            const byMovement = new Map<
              string,
              { reason: string; from: number | null; to: number | null; centi: number }[]
            >();
            for (const r of (rows as unknown as { rows: Record<string, unknown>[] }).rows) {
              const list = byMovement.get(String(r.movement_id)) ?? [];
              list.push({
                reason: String(r.reason),
                from: r.from_device === null ? null : Number(r.from_device),
                to: r.to_device === null ? null : Number(r.to_device),
                centi: Number(r.centi),
              });
              byMovement.set(String(r.movement_id), list);
            }
            // One movement per roasted batch; a refused one wrote nothing.
            expect(byMovement.size).toBe(outcomes.flat().filter((o) => o === 'roasted').length);
            for (const movement of byMovement.values()) {
              const total = (
                reason: string,
                where: (r: { from: number | null; to: number | null }) => boolean,
              ) => sum(movement.filter((r) => r.reason === reason && where(r)).map((r) => r.centi));
              const intoRoaster = total('roast_in', (r) => r.to === id.R1);
              const outOfRoaster =
                total('roast_loss', (r) => r.from === id.R1) +
                total('roast_out', (r) => r.from === id.R1);
              expect(outOfRoaster).toBe(intoRoaster);
              expect(total('roast_out', (r) => r.from === null)).toBe(
                total('roast_out', (r) => r.from === id.R1),
              );
              expect(total('cleaner_waste', (r) => r.to !== id.WB1)).toBe(0);
            }
            // Forward from each green lot: the roasted lots of the batches it went into.
            for (const lotNumber of greenLots) {
              const trace = await ledger.traceLot(lotNumber);
              for (const roasted of trace.roasted_lots) expect(roasted).toMatch(/^RST-P\d+$/);
            }
          },
        ),
        { numRuns: Math.max(10, Math.round(runs / 10)) },
      );
    });
  },
);
