import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { beans, devices } from '@roastery/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { seedDemoPlant } from '../src/demo/seed-demo-plant.ts';
import type { LedgerService } from '../src/modules/inventory/ledger-service.ts';

/** The three green coffees of the ledger tests; one kept apart as organic. */
export type BeanName = 'colombia' | 'brazil' | 'organic';

/**
 * The demo plant's devices on an empty ledger, for the ledger's tests: each test file gets its
 * own database (files run side by side), set up before its tests and closed after them.
 */
export interface LedgerPlant {
  readonly t: TestApp;
  readonly ledger: LedgerService;
  /** Device codes -> ids of the demo plant: six 20,000 lb silos, four 5,000 lb bins, a roaster. */
  readonly id: Record<string, number>;
  readonly bean: Record<BeanName, number>;
  /** Empties the books: no lots, no holdings, no entries. */
  reset(): Promise<void>;
  newLot(beanId: number): Promise<{ lotNumber: string; lotId: number }>;
  lot(beanId: number): Promise<number>;
  holdingsOf(code: string): Promise<(readonly [number, number])[]>;
}

/** Registers the file's setup and teardown and returns the plant they fill in. */
export function useLedgerPlant(): LedgerPlant {
  let app: TestApp | undefined;
  const id: Record<string, number> = {};
  const bean: Record<BeanName, number> = { colombia: 0, brazil: 0, organic: 0 };
  let lotCounter = 0;
  const opened = (): TestApp => {
    if (!app) throw new Error('The ledger plant is used before its setup ran');
    return app;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    await seedDemoPlant(app.database.db, app.services.plant);
    for (const d of await app.database.db
      .select({ id: devices.id, code: devices.deviceId })
      .from(devices)) {
      id[d.code] = d.id;
    }
    const created = await app.database.db
      .insert(beans)
      .values([
        { name: 'Colombia Supremo' },
        { name: 'Brazil Santos' },
        { name: 'Ethiopia Organic', segregation: 'organic' },
      ])
      .returning({ id: beans.id });
    [bean.colombia, bean.brazil, bean.organic] = created.map((b) => b.id) as [
      number,
      number,
      number,
    ];
  });
  afterAll(() => app?.close());

  const plant: LedgerPlant = {
    get t() {
      return opened();
    },
    get ledger() {
      return opened().services.ledger;
    },
    id,
    bean,
    async reset() {
      await opened().database.db.execute(
        sql`truncate ledger_entries, device_lots, lots restart identity cascade`,
      );
    },
    async newLot(beanId) {
      lotCounter += 1;
      const lotNumber = `DMP-T${lotCounter}`;
      const lotId = await plant.ledger.createLot({ lotNumber, beanId, kind: 'green' });
      return { lotNumber, lotId };
    },
    async lot(beanId) {
      return (await plant.newLot(beanId)).lotId;
    },
    async holdingsOf(code) {
      const device = id[code];
      if (device === undefined) throw new Error(`The demo plant has no ${code}`);
      return (await plant.ledger.holdings(device)).map((h) => [h.lotId, h.centiLbs] as const);
    },
  };
  return plant;
}

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Random sequences per property: 300 every day, more in CI and in the soak run. */
export const propertyRuns = Number(process.env.LEDGER_PROPERTY_RUNS ?? 300);
