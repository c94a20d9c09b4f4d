import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asc, eq, sql } from 'drizzle-orm';
import type { SiloContents } from '@roastery/contract';
import { beans, deviceLots, devices, lots as lotTable } from '@roastery/db';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { seedDemoPlant } from '../../demo/seed-demo-plant.ts';
import type { LedgerService, Movement, Portion, ReceiveInput } from './ledger-service.ts';
import { fromCenti, toCenti } from './weights.ts';

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
async function newLot(beanId: number): Promise<{ lotNumber: string; lotId: number }> {
  lotCounter += 1;
  const lotNumber = `DMP-T${lotCounter}`;
  return { lotNumber, lotId: await ledger.createLot({ lotNumber, beanId, kind: 'green' }) };
}
const lot = async (beanId: number) => (await newLot(beanId)).lotId;

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

  it('books a roasting batch as one movement: draws, cleaner waste, roast loss and the roasted lot', async () => {
    await reset();
    const a = await lot(bean.colombia);
    const b = await lot(bean.colombia);
    const c = await lot(bean.brazil);
    await ledger.receive({ toDevice: id.GS1!, lotId: a, lbs: 30, reason: 'dump' });
    await ledger.receive({ toDevice: id.GS1!, lotId: b, lbs: 100, reason: 'dump' });
    await ledger.receive({ toDevice: id.GS2!, lotId: c, lbs: 100, reason: 'dump' });
    // GS1 gave 50.25 lbs (lot a, then 20.25 of lot b), GS2 40 lbs; the drum weighed 90 green,
    // so the cleaner took 0.25; the roaster dropped 76.50, so 13.50 was lost.
    const roast = await ledger.bookRoast({
      orderId: 5,
      batchId: 9,
      roaster: id.R1!,
      draws: [
        { fromDevice: id.GS1!, centiLbs: 5025 },
        { fromDevice: id.GS2!, centiLbs: 4000 },
      ],
      wasteDevice: id.WB1!,
      greenCenti: 9000,
      roastedCenti: 7650,
      destination: id.WRB1!,
      roastedLot: { lotNumber: 'RST-5-1', beanId: bean.colombia, roastedAt: new Date() },
    });
    const rows = await t.database.db.execute(sql`
      select reason, from_device, to_device, lot_ref, centi_lbs::int as centi from ledger_entries
      where movement_id = ${roast.movementId} order by id`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      // The waste is shared by the silos in proportion (0.14 + 0.11), then by their lots.
      { reason: 'roast_in', from_device: id.GS1, to_device: id.R1, lot_ref: a, centi: 2992 },
      { reason: 'cleaner_waste', from_device: id.GS1, to_device: id.WB1, lot_ref: a, centi: 8 },
      { reason: 'roast_in', from_device: id.GS1, to_device: id.R1, lot_ref: b, centi: 2019 },
      { reason: 'cleaner_waste', from_device: id.GS1, to_device: id.WB1, lot_ref: b, centi: 6 },
      { reason: 'roast_in', from_device: id.GS2, to_device: id.R1, lot_ref: c, centi: 3989 },
      { reason: 'cleaner_waste', from_device: id.GS2, to_device: id.WB1, lot_ref: c, centi: 11 },
      // The loss is shared by the green lots in proportion to what each put in the drum.
      { reason: 'roast_loss', from_device: id.R1, to_device: null, lot_ref: a, centi: 449 },
      { reason: 'roast_out', from_device: id.R1, to_device: null, lot_ref: a, centi: 2543 },
      { reason: 'roast_loss', from_device: id.R1, to_device: null, lot_ref: b, centi: 303 },
      { reason: 'roast_out', from_device: id.R1, to_device: null, lot_ref: b, centi: 1716 },
      { reason: 'roast_loss', from_device: id.R1, to_device: null, lot_ref: c, centi: 598 },
      { reason: 'roast_out', from_device: id.R1, to_device: null, lot_ref: c, centi: 3391 },
      {
        reason: 'roast_out',
        from_device: null,
        to_device: id.WRB1,
        lot_ref: roast.roastedLotId,
        centi: 7650,
      },
    ]);
    expect(roast.greenLots).toEqual([
      { lotId: a, centiLbs: 2992 },
      { lotId: b, centiLbs: 2019 },
      { lotId: c, centiLbs: 3989 },
    ]);
    expect(await holdingsOf('GS1')).toEqual([[b, 7975]]);
    expect(await holdingsOf('GS2')).toEqual([[c, 6000]]);
    expect(await holdingsOf('WRB1')).toEqual([[roast.roastedLotId, 7650]]);
    expect(await holdingsOf('R1')).toEqual([]);
    expect(await ledger.invariantViolations()).toEqual([]);
    // Weights a PLC cannot have reported are refused, and nothing is booked.
    await expect(
      ledger.bookRoast({
        orderId: 5,
        batchId: 10,
        roaster: id.R1!,
        draws: [{ fromDevice: id.GS1!, centiLbs: 1000 }],
        wasteDevice: id.WB1!,
        greenCenti: 1200,
        roastedCenti: 1000,
        destination: id.WRB1!,
        roastedLot: { lotNumber: 'RST-5-2', beanId: bean.colombia, roastedAt: new Date() },
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      ledger.bookRoast({
        orderId: 5,
        batchId: 10,
        roaster: id.R1!,
        draws: [{ fromDevice: id.GS1!, centiLbs: 900_000 }],
        wasteDevice: id.WB1!,
        greenCenti: 1200,
        roastedCenti: 1000,
        destination: id.WRB1!,
        roastedLot: { lotNumber: 'RST-5-2', beanId: bean.colombia, roastedAt: new Date() },
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await ledger.lotExists('RST-5-2')).toBe(false);
    expect(await holdingsOf('GS1')).toEqual([[b, 7975]]);
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

type BeanName = keyof typeof bean;

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

async function unlessRefused<T>(booking: Promise<T>): Promise<T | undefined> {
  try {
    return await booking;
  } catch (error) {
    // Refusals are part of the game; anything else is a bug.
    if (error instanceof Error && 'statusCode' in error) return undefined;
    throw error;
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

interface Moved {
  from: string;
  centi: number;
  movement: Movement;
}

/** Decided when the move runs, from what is there: fixed up front, most moves would find nothing. */
async function plan(o: MoveOp): Promise<{ from: string; centi: number }> {
  const stock = (await ledger.contentsOf(bins.map((code) => id[code]!))).map((d) => ({
    code: d.device_id,
    centi: sum(
      d.lots
        .filter((l) => o.only === null || l.bean_id === bean[o.only])
        .map((l) => toCenti(l.lbs)),
    ),
  }));
  const stocked = stock.filter((s) => s.centi > 0);
  const choices = stocked.length > 0 ? stocked : stock;
  const source = choices[o.from % choices.length]!;
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
          toDevice: id[o.to]!,
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
          fromDevice: id[from]!,
          toDevice: o.to === null ? null : id[o.to]!,
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
    const held = sum(d.lots.filter((x) => x.lot_number === l.lotNumber).map((x) => toCenti(x.lbs)));
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

const runs = Number(process.env.LEDGER_PROPERTY_RUNS ?? 300);
// Each sequence is tens of database transactions: well under a second even on a loaded 2-core
// machine.
describe('ledger invariants under random operations', { timeout: runs * 1_000 }, () => {
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
