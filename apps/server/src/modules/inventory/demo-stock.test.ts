import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  Role,
  type Bean,
  type LotTrace,
  type Product,
  type SiloContents,
  type SiloStat,
} from '@roastery/contract';
import { buildTestApp, eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { demoOpeningStock, demoProducts, openingLotNumber } from './seed-demo-stock.ts';
import { toCenti } from './weights.ts';

let t: TestApp;
let admin: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true, demoStock: true });
  admin = t.as(Role.Administrator);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
});
afterAll(() => t.close());

const contents = async () =>
  (await admin<SiloContents[]>('GET', '/api/product/silo')).body.filter((d) =>
    d.device_id.startsWith('GS'),
  );

/** The level the simulated PLC holds for each device that has one, in lbs. */
function simulatedLevels(codes: string[]): Map<string, number> {
  const model = t.services.runtime.simulator.running?.model;
  if (!model) throw new Error('the simulator is not running');
  return new Map(codes.map((code) => [code, model.getValue(code, 'Occupancy')]));
}

async function bookLevels(): Promise<Map<string, number>> {
  const stats = (await admin<SiloStat[]>('GET', '/api/dashboard/bean')).body;
  return new Map(stats.map((s) => [s.id, s.occupancy]));
}

describe('opening lot numbers', () => {
  it('name the bean and the day, in UTC', () => {
    expect(openingLotNumber('COL', new Date('2026-11-23T23:59:59.999Z'))).toBe('OPEN-COL-20261123');
    expect(openingLotNumber('DEC', new Date('2027-01-02T00:00:00Z'))).toBe('OPEN-DEC-20270102');
  });
});

describe('the demo plant on its first start', () => {
  it('holds the opening stock in four green silos, each a lot of its own, and the books balance', async () => {
    const silos = await contents();
    // The lots are dated the day the console was set up.
    const day = /^OPEN-COL-(\d{8})$/.exec(silos[0]?.lots[0]?.lot_number ?? '')?.[1];
    expect(day).toBeDefined();
    expect(
      silos.map((s) => ({
        silo: s.device_id,
        lbs: s.occupancy,
        lots: s.lots.map((l) => l.lot_number),
      })),
    ).toEqual([
      { silo: 'GS1', lbs: 6000, lots: [`OPEN-COL-${day}`] },
      { silo: 'GS2', lbs: 0, lots: [] },
      { silo: 'GS3', lbs: 5000, lots: [`OPEN-BRA-${day}`] },
      { silo: 'GS4', lbs: 3000, lots: [`OPEN-ETH-${day}`] },
      { silo: 'GS5', lbs: 2500, lots: [`OPEN-SUM-${day}`] },
      { silo: 'GS6', lbs: 0, lots: [] },
    ]);
    expect(silos.find((s) => s.device_id === 'GS3')?.beans).toMatchObject([
      { bean_name: 'Brazil Santos', lbs: 5000 },
    ]);
    expect(await t.services.ledger.invariantViolations()).toEqual([]);

    const rows = await t.database.db.execute(
      sql`select reason, from_device, sum(centi_lbs)::text as centi from ledger_entries group by reason, from_device`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { reason: 'opening', from_device: null, centi: String(toCenti(16_500)) },
    ]);
  });

  it('traces an opening lot to its silo with the reason opening', async () => {
    const lot = (await contents())[0]?.lots[0]?.lot_number ?? '';
    const { status, body } = await admin<LotTrace>('GET', `/api/trace/lot/${lot}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      lot_number: lot,
      bean_name: 'Colombia Supremo',
      kind: 'green',
      held: [{ device_id: 'GS1', lbs: 6000 }],
    });
    expect(body.movements).toMatchObject([
      { reason: 'opening', from: null, to: 'Green Silo 1', lbs: 6000 },
    ]);
  });

  it('stores each bean in silos it may use, and has blends whose beans are all in stock', async () => {
    const beans = (await admin<Bean[]>('GET', '/api/bean')).body;
    const held = await contents();
    for (const stock of demoOpeningStock) {
      expect(beans.find((b) => b.bean_name === stock.bean)?.bins).toContain(stock.silo);
    }
    expect(beans.find((b) => b.bean_name === 'Colombia Decaf')).toMatchObject({
      bins: ['GS6'],
      segregation: 'decaf',
    });

    const products = (await admin<Product[]>('GET', '/api/product')).body;
    expect(products.map((p) => p.product_name).sort()).toEqual(
      demoProducts.map((p) => p.name).sort(),
    );
    const inStock = (bean: string) =>
      held.reduce((sum, s) => sum + (s.beans.find((b) => b.bean_name === bean)?.lbs ?? 0), 0);
    // A whole order of three batches of each blend can be drawn from the opening stock.
    for (const name of ['House Blend', 'Espresso Blend']) {
      const blend = products.find((p) => p.product_name === name);
      expect(blend?.product_recipes.length).toBeGreaterThan(1);
      for (const line of blend?.product_recipes ?? []) {
        const needed = ((blend?.batch_weight ?? 0) * 3 * line.ratio) / 100;
        expect(inStock(line.bean.bean_name), `${name}: ${line.bean.bean_name}`).toBeGreaterThan(
          needed,
        );
      }
    }
  });

  it('starts the simulated PLC with the levels the books hold, and the PLC reports them', async () => {
    const book = await bookLevels();
    expect(book.get('GS1')).toBe(6000);
    expect(simulatedLevels([...book.keys()])).toEqual(book);
    const stats = await eventually(async () => {
      const rows = (await admin<SiloStat[]>('GET', '/api/dashboard/bean')).body;
      return rows.every((r) => r.measured !== null) ? rows : undefined;
    }, 'every level read from the PLC');
    expect(stats.map((s) => [s.id, s.measured])).toEqual(stats.map((s) => [s.id, s.occupancy]));
    expect(stats.find((s) => s.id === 'GS4')).toMatchObject({
      occupancy: 3000,
      measured: 3000,
      capacity: 20000,
      current_beans: 'Ethiopia Yirgacheffe',
      percentage: 15,
    });
  });

  it('powers the simulator up again with the levels of the books as they are then', async () => {
    const [gs1, gs2] = ['GS1', 'GS2'].map((code) => t.services.devices.summary(code));
    await t.services.ledger.move({
      fromDevice: (await gs1!).d_id,
      toDevice: (await gs2!).d_id,
      lbs: 250.5,
      reason: 'transfer',
    });
    await t.services.runtime.simulator.stop();
    await t.services.runtime.simulator.start();
    expect(simulatedLevels(['GS1', 'GS2', 'GS3'])).toEqual(
      new Map([
        ['GS1', 5749.5],
        ['GS2', 250.5],
        ['GS3', 5000],
      ]),
    );
    expect(simulatedLevels([...(await bookLevels()).keys()])).toEqual(await bookLevels());
  });
});
