import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper.ts';
import { useLedgerPlant } from '../../../test/ledger-fixtures.ts';
import type { LedgerService } from './ledger-service.ts';

const plant = useLedgerPlant();
const { id, bean, reset, lot, holdingsOf } = plant;
let t: TestApp;
let ledger: LedgerService;
beforeAll(() => {
  t = plant.t;
  ledger = plant.ledger;
});

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
