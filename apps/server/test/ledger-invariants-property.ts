/**
 * The ledger's property: random sequences of receipts, moves, consumptions and deletions, some
 * of them two at a time, each checked against the books. Shared by the test files that each run
 * a part of the sequences, so that the parts run side by side on their own databases.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asc, eq, sql } from 'drizzle-orm';
import type { SiloContents } from '@roastery/contract';
import { deviceLots, lots as lotTable } from '@roastery/db';
import type { TestApp } from './helper.ts';
import { sum, useLedgerPlant, type BeanName } from './ledger-fixtures.ts';
import type {
  LedgerService,
  Movement,
  Portion,
  ReceiveInput,
} from '../src/modules/inventory/ledger-service.ts';
import { fromCenti, toCenti } from '../src/modules/inventory/weights.ts';

type Single =
  | {
      kind: 'receive';
      to: string;
      bean: BeanName;
      centi: number;
      override: boolean;
      reason: ReceiveInput['reason'];
    }
  | {
      kind: 'move';
      /** Picks among the devices holding such beans when the move runs: an empty one only refuses. */
      from: number;
      /** null: the beans are consumed (packed, or roasted out of the roaster). */
      to: string | null;
      /** Percent of what the source holds; over 100 asks for more than there is. */
      share: number;
      override: boolean;
      only: BeanName | null;
    }
  /** pick: an earlier lot of the sequence; null: a lot created only to be deleted. */
  | { kind: 'delete'; pick: number | null };
type Op = Single | { kind: 'pair'; a: Single; b: Single };
type MoveOp = Extract<Single, { kind: 'move' }>;

/** What the test knows of each lot of a sequence without asking the ledger. */
interface LotFate {
  lotNumber: string;
  lotId: number;
  /** Only the dump that creates a lot books onto it, so a lot with nothing stays so. */
  receivedCenti: number;
  deleted: boolean;
}

// REB1 has no capacity and holds several beans at once: the case a move by bean is for.
const bins = ['GS1', 'GS2', 'WRB1', 'WRB2', 'R1', 'REB1'];
// Mostly small dumps, so that devices gather several lots; the large ones run into capacity.
const centi = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 100_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 800_000 }) },
);
const beanName = fc.constantFrom<BeanName>('colombia', 'brazil', 'organic');
const single: fc.Arbitrary<Single> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      to: fc.constantFrom(...bins),
      bean: beanName,
      centi,
      override: fc.boolean(),
      // Green lots enter by a dump or as opening stock; both must book alike.
      reason: fc.constantFrom<ReceiveInput['reason']>('opening', 'dump'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      from: fc.nat(),
      to: fc.option(fc.constantFrom(...bins), { nil: null, freq: 4 }),
      share: fc.integer({ min: 1, max: 120 }),
      override: fc.boolean(),
      only: fc.oneof(
        { weight: 2, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: beanName },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      pick: fc.option(fc.nat(), { nil: null, freq: 3 }),
    }),
  },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: single },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pair' as const), a: single, b: single }) },
);

/** Registers one part of the property: `runs` random sequences on a database of its own. */
export function describeLedgerInvariants(part: string, runs: number): void {
  const plant = useLedgerPlant();
  const { id, bean, reset, newLot } = plant;
  let t: TestApp;
  let ledger: LedgerService;
  beforeAll(() => {
    t = plant.t;
    ledger = plant.ledger;
  });

  async function unlessRefused<T>(booking: Promise<T>): Promise<T | undefined> {
    try {
      return await booking;
    } catch (error) {
      // Refusals are part of the game; anything else is a bug.
      if (error instanceof Error && 'statusCode' in error) return undefined;
      throw error;
    }
  }

  interface Moved {
    from: string;
    centi: number;
    movement: Movement;
  }

  const deviceId = (code: string): number => {
    const found = id[code];
    if (found === undefined) throw new Error(`The demo plant has no device ${code}`);
    return found;
  };

  /** Decided when the move runs, from what is there: fixed up front, most moves would find nothing. */
  async function plan(o: MoveOp): Promise<{ from: string; centi: number }> {
    const stock = (await ledger.contentsOf(bins.map((code) => deviceId(code)))).map((d) => ({
      code: d.device_id,
      centi: sum(
        d.lots
          .filter((l) => o.only === null || l.bean_id === bean[o.only])
          .map((l) => toCenti(l.lbs)),
      ),
    }));
    const stocked = stock.filter((s) => s.centi > 0);
    const choices = stocked.length > 0 ? stocked : stock;
    const source = choices[o.from % choices.length];
    if (source === undefined) throw new Error('The plant has no device to move from');
    return { from: source.code, centi: Math.max(1, Math.round((source.centi * o.share) / 100)) };
  }

  async function run(o: Op, lots: LotFate[]): Promise<Moved | undefined> {
    switch (o.kind) {
      case 'pair':
        // Two operations at once on overlapping devices: the locks must serialise them.
        await Promise.all([run(o.a, lots), run(o.b, lots)]);
        return undefined;
      case 'receive': {
        const created = await newLot(bean[o.bean]);
        const booked = await unlessRefused(
          ledger.receive({
            toDevice: deviceId(o.to),
            lotId: created.lotId,
            lbs: fromCenti(o.centi),
            reason: o.reason,
            segregationOverride: o.override,
          }),
        );
        // Listed only once settled, so a concurrent delete never picks a lot whose fate is open.
        lots.push({ ...created, receivedCenti: booked ? o.centi : 0, deleted: false });
        return undefined;
      }
      case 'move': {
        const { from, centi } = await plan(o);
        const movement = await unlessRefused(
          ledger.move({
            fromDevice: deviceId(from),
            toDevice: o.to === null ? null : deviceId(o.to),
            lbs: fromCenti(centi),
            reason: o.to !== null ? 'transfer' : from === 'R1' ? 'roast_out' : 'pack',
            segregationOverride: o.override,
            beanId: o.only === null ? undefined : bean[o.only],
          }),
        );
        return movement && { from, centi, movement };
      }
      case 'delete': {
        if (o.pick === null) {
          const fresh = await newLot(bean.colombia);
          await ledger.deleteUnusedLot(fresh.lotId);
          lots.push({ ...fresh, receivedCenti: 0, deleted: true });
          return undefined;
        }
        const target = lots[o.pick % lots.length];
        if (target === undefined) return undefined;
        await ledger.deleteUnusedLot(target.lotId);
        if (target.receivedCenti === 0) target.deleted = true;
        return undefined;
      }
    }
  }

  /** The whole per-device projection, each device's queue in order, read in one query. */
  function snapshot() {
    return t.database.db
      .select({
        deviceId: deviceLots.deviceId,
        seq: deviceLots.seq,
        lotId: deviceLots.lotId,
        beanId: lotTable.beanId,
        centiLbs: deviceLots.centiLbs,
      })
      .from(deviceLots)
      .innerJoin(lotTable, eq(lotTable.id, deviceLots.lotId))
      .orderBy(asc(deviceLots.seq));
  }
  type Held = Awaited<ReturnType<typeof snapshot>>;

  /** The portions a move must take from what the source held: its oldest (matching) lots first. */
  function oldestFirst(held: Held, only: BeanName | null, centi: number): Portion[] {
    const portions: Portion[] = [];
    let remaining = centi;
    for (const h of held) {
      if (remaining === 0) break;
      if (only !== null && h.beanId !== bean[only]) continue;
      const part = Math.min(h.centiLbs, remaining);
      portions.push({ lotId: h.lotId, centiLbs: part });
      remaining -= part;
    }
    return portions;
  }

  /** A lot's trace, in hundredths, against the per-device projection and what was dumped. */
  async function expectTraceAgrees(l: LotFate, contents: SiloContents[]): Promise<void> {
    if (l.deleted) {
      await expect(ledger.traceLot(l.lotNumber)).rejects.toMatchObject({ statusCode: 404 });
      return;
    }
    const trace = await ledger.traceLot(l.lotNumber);
    const projected = contents.flatMap((d) => {
      const held = sum(
        d.lots.filter((x) => x.lot_number === l.lotNumber).map((x) => toCenti(x.lbs)),
      );
      return held === 0 ? [] : [[d.device_name, held] as const];
    });
    expect(trace.held.map((h) => [h.device_name, toCenti(h.lbs)])).toEqual(projected);
    let received = 0;
    let consumed = 0;
    const net = new Map<string, number>();
    for (const m of trace.movements) {
      const moved = toCenti(m.lbs);
      if (m.from === null) received += moved;
      else net.set(m.from, (net.get(m.from) ?? 0) - moved);
      if (m.to === null) consumed += moved;
      else net.set(m.to, (net.get(m.to) ?? 0) + moved);
    }
    expect(received).toBe(l.receivedCenti);
    expect(received - consumed).toBe(sum(projected.map(([, held]) => held)));
    expect(new Map([...net].filter(([, c]) => c !== 0))).toEqual(new Map(projected));
  }

  // Each sequence is tens of database transactions: well under a second even on a loaded 2-core
  // machine.
  describe(`ledger invariants under random operations (${part})`, { timeout: runs * 1_000 }, () => {
    it('balance exactly, move oldest first, delete only unused lots, trace as booked', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
          await reset();
          const lots: LotFate[] = [];
          for (const o of ops) {
            const before = o.kind === 'pair' ? undefined : await snapshot();
            const entriesBefore = await t.database.db.$count(sql`ledger_entries`);
            const moved = await run(o, lots);
            const entriesAfter = await t.database.db.$count(sql`ledger_entries`);
            if (before !== undefined && entriesAfter === entriesBefore)
              expect(await snapshot()).toEqual(before);
            if (before !== undefined && moved !== undefined && o.kind === 'move')
              expect(moved.movement.portions).toEqual(
                oldestFirst(
                  before.filter((h) => h.deviceId === id[moved.from]),
                  o.only,
                  moved.centi,
                ),
              );
            expect(await ledger.invariantViolations()).toEqual([]);
          }
          const contents = await ledger.contentsOf(Object.values(id));
          await Promise.all(lots.map((l) => expectTraceAgrees(l, contents)));
        }),
        { numRuns: runs },
      );
    });
  });
}
