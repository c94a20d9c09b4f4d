import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { OrderStatus, Role } from '@roastery/contract';
import { devices, ledgerEntries, lots, orderBatches, orders, type BatchDraw } from '@roastery/db';
import type { WorkflowEngine } from '@roastery/engine';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { newBean, newOrder, newProduct, orderState } from '../../../test/order-fixtures.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantEvent } from '../../plant/hub/plant-events.ts';
import type { EndedRun } from '../../plant/settlement/run-settlement.ts';
import { seedDemoPlant } from '../../demo/seed-demo-plant.ts';
import { LedgerRepository } from '../inventory/ledger-repository.ts';
import { LedgerService } from '../inventory/ledger-service.ts';
import { OrderProgress } from '../orders/order-progress.ts';
import { lotReleaseReader } from '../quality/lot-release.ts';
import { QualityRepository } from '../quality/quality-repository.ts';
import { BatchRunner } from './batch-runner.ts';
import { roastedLotNumber } from './order-labels.ts';
import { OrderRunRepository, type BatchRow } from './order-run-repository.ts';
import { PackingRunner } from './packing-runner.ts';
import type { PlantView } from './plant-view.ts';

/**
 * A run's end is settled in one transaction with what it changes in the orders area: the booking
 * and the batch's 'finished', or the batch's 'failed' and the order's Not Processed, commit
 * together or not at all, and the screens hear of it only once it has committed.
 */

let t: TestApp;
let bean = 0;
let product = 0;
const ref: Record<string, number> = {};
/** What the PLC reports, by device and role, in hundredths. */
const plc = new Map<string, number>();
/** What the screens were told: order events, and ledger movements. */
const told = { orders: [] as PlantEvent[], movements: 0 };

const db = () => t.database.db;
const plant = {
  weighCenti: (code: string, role: string) => plc.get(`${code}:${role}`) ?? null,
  deviceName: (code: string) => code,
} as unknown as PlantView;
let ledger: LedgerService;
let batches: BatchRunner;
let packing: PackingRunner;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(db(), t.services.plant);
  for (const d of await db().select({ id: devices.id, code: devices.deviceId }).from(devices)) {
    ref[d.code] = d.id;
  }
  const supervisor = t.as(Role.Supervisor);
  bean = await newBean(supervisor, 'Colombia Supremo');
  product = await newProduct(supervisor, 'Colombia Single', [{ bean_id: bean, ratio: 100 }], 60);
  ledger = new LedgerService(db(), new LedgerRepository(), () => {
    told.movements += 1;
  });
  const hub = { publish: (event: PlantEvent) => told.orders.push(event) };
  const common = {
    repo: new OrderRunRepository(db()),
    progress: new OrderProgress(db()),
    ledger,
    workflows: t.services.workflows,
    engine: { handlePlantEvent: () => Promise.resolve() } as unknown as WorkflowEngine,
    plant,
    hub: hub as unknown as EventHub,
    now: () => new Date(),
  };
  batches = new BatchRunner({
    ...common,
    products: t.services.products,
    profiles: t.services.roastProfiles,
    logger: { error: () => {} },
  });
  packing = new PackingRunner({
    ...common,
    lotRelease: lotReleaseReader(new QualityRepository(db())),
    settings: t.services.settings,
    alarm: () => Promise.resolve(),
  });
});
afterAll(() => t.close());

beforeEach(async () => {
  await db().execute(sql`truncate ledger_entries, device_lots, lots restart identity cascade`);
  plc.clear();
  told.orders = [];
  told.movements = 0;
});

let lotCount = 0;
/** Puts beans in a device on the books. */
async function stock(code: string, lbs: number, kind: 'green' | 'roasted' = 'green') {
  lotCount += 1;
  const lotId = await ledger.createLot({ lotNumber: `LOT-${lotCount}`, beanId: bean, kind });
  await ledger.receive({ toDevice: ref[code]!, lotId, lbs, reason: 'adjust' });
  told.movements = 0;
}

const held = async (code: string) =>
  (await ledger.occupancyCenti([ref[code]!])).get(ref[code]!) ?? 0;
const batchNow = async (id: number) =>
  (await db().select().from(orderBatches).where(eq(orderBatches.id, id)))[0]!;
const entriesOf = async (batchId: number) =>
  db().select().from(ledgerEntries).where(eq(ledgerEntries.batchId, batchId));
const ran: (state: EndedRun['state']) => EndedRun = (state) => ({
  workflow_id: 0,
  run_id: 'run',
  state,
  error: null,
});

/**
 * A roasting order under way with its batch running: 100 lbs planned from GS1 (which read
 * `levelBefore` lbs at its start) on R1 into WRB1.
 */
async function runningBatch(levelBefore: number): Promise<BatchRow> {
  const orderId = await newOrder(db(), { kind: 'roasting', productId: product, lbs: 100 });
  await db()
    .update(orders)
    .set({ status: OrderStatus.Processing, startedAt: new Date() })
    .where(eq(orders.id, orderId));
  const draws: BatchDraw[] = [
    {
      device_id: 'GS1',
      bean_id: bean,
      planned_centi: 10_000,
      measured_centi: null,
      level_before_centi: levelBefore * 100,
    },
  ];
  const [batch] = await db()
    .insert(orderBatches)
    .values({
      orderId,
      seq: 1,
      plannedCenti: 10_000,
      status: 'running',
      runId: `run-${orderId}`,
      roasterDevice: ref.R1!,
      destinationDevice: ref.WRB1!,
      draws,
      startedAt: new Date(),
    })
    .returning();
  return batch!;
}

/** The PLC after the batch: GS1 gave 100 lbs, R1 weighed 99 green and 85 roasted. */
function roasted(levelBefore: number): void {
  plc.set('GS1:occupancy', (levelBefore - 100) * 100);
  plc.set('R1:green-weight', 9_900);
  plc.set('R1:roasted-weight', 8_500);
}

/** A trigger that refuses to store an order as Not Processed, as a crash there would. */
async function refuseNotProcessed(): Promise<() => Promise<void>> {
  await db().execute(
    sql.raw(`create function refuse_not_processed() returns trigger language plpgsql as $$
      begin
        if new.status = ${OrderStatus.NotProcessed} then
          raise exception 'the order could not be stored';
        end if;
        return new;
      end $$`),
  );
  await db().execute(
    sql.raw(`create trigger refuse_not_processed before update on orders
      for each row execute function refuse_not_processed()`),
  );
  return async () => {
    await db().execute(sql.raw('drop trigger refuse_not_processed on orders'));
    await db().execute(sql.raw('drop function refuse_not_processed()'));
  };
}

describe("a roasting batch's end", () => {
  it('books the roast and finishes the batch together, then tells the screens', async () => {
    await stock('GS1', 500);
    const batch = await runningBatch(500);
    roasted(500);
    await batches.settler(() => {}).settle(batch, ran('finished'));
    const after = await batchNow(batch.id);
    const [lot] = await db()
      .select({ id: lots.id })
      .from(lots)
      .where(eq(lots.lotNumber, roastedLotNumber(batch.orderId, batch.seq)));
    expect(after).toMatchObject({ status: 'finished', roastedCenti: 8_500, roastedLotId: lot?.id });
    expect(await held('WRB1')).toBe(8_500);
    expect(await ledger.invariantViolations()).toEqual([]);
    expect(told).toEqual({
      orders: [{ type: 'order', id: batch.orderId, change: 'batch' }],
      movements: 1,
    });
  });

  it('rolls the booking back when the batch is no longer running', async () => {
    await stock('GS1', 500);
    const batch = await runningBatch(500);
    roasted(500);
    // Someone else settled it between the settlement reading it and booking it.
    await db()
      .update(orderBatches)
      .set({ status: 'finished' })
      .where(eq(orderBatches.id, batch.id));
    const settler = batches.settler(() => {});
    await expect(settler.settle(batch, ran('finished'))).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/was settled already/) as string,
    });
    expect(await entriesOf(batch.id)).toEqual([]);
    expect(await held('GS1')).toBe(50_000);
    expect(await held('WRB1')).toBe(0);
    expect(await db().select().from(lots).where(eq(lots.kind, 'roasted'))).toEqual([]);
    expect(await ledger.invariantViolations()).toEqual([]);
    // The settlement then fails the request: a batch settled elsewhere leaves its order alone.
    await settler.fail(batch, 'was settled already');
    expect((await batchNow(batch.id)).status).toBe('finished');
    expect((await orderState(db(), batch.orderId)).status).toBe(OrderStatus.Processing);
    expect(told).toEqual({ orders: [], movements: 0 });
  });

  it('leaves the batch running when its booking is refused', async () => {
    // The PLC says GS1 gave 100 lbs; the books hold only 40 there.
    await stock('GS1', 40);
    const batch = await runningBatch(500);
    roasted(500);
    await expect(batches.settler(() => {}).settle(batch, ran('finished'))).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await batchNow(batch.id)).toMatchObject({ status: 'running', roastedLotId: null });
    expect(await entriesOf(batch.id)).toEqual([]);
    expect(await held('GS1')).toBe(4_000);
    expect(told).toEqual({ orders: [], movements: 0 });
  });

  it('fails the batch and stops its order together, or neither', async () => {
    const batch = await runningBatch(500);
    const settler = batches.settler(() => {});
    const allow = await refuseNotProcessed();
    try {
      await expect(settler.fail(batch, 'the roaster tripped')).rejects.toThrow();
    } finally {
      await allow();
    }
    expect((await batchNow(batch.id)).status).toBe('running');
    expect((await orderState(db(), batch.orderId)).status).toBe(OrderStatus.Processing);
    expect(told.orders).toEqual([]);

    await settler.fail(batch, 'the roaster tripped');
    expect(await batchNow(batch.id)).toMatchObject({
      status: 'failed',
      error: 'the roaster tripped',
    });
    expect(await orderState(db(), batch.orderId)).toMatchObject({
      status: OrderStatus.NotProcessed,
      failure: 'Batch 1 failed: the roaster tripped',
    });
    expect(told.orders).toEqual([{ type: 'order', id: batch.orderId, change: 'batch' }]);
  });
});

describe("a packing run's end", () => {
  /** A packing order under way from WRB3, which read `levelBefore` lbs at its start. */
  async function packingRun(levelBefore: number): Promise<BatchRow> {
    const orderId = await newOrder(db(), { kind: 'packing', productId: product, lbs: 50 });
    await db()
      .update(orders)
      .set({ status: OrderStatus.PackingProcessing, startedAt: new Date() })
      .where(eq(orders.id, orderId));
    const [batch] = await db()
      .insert(orderBatches)
      .values({
        orderId,
        seq: 1,
        plannedCenti: 5_000,
        status: 'running',
        runId: `pack-${orderId}`,
        destinationDevice: ref.WRB3!,
        draws: [
          {
            device_id: 'WRB3',
            bean_id: 0,
            planned_centi: 5_000,
            measured_centi: null,
            level_before_centi: levelBefore * 100,
          },
        ],
        startedAt: new Date(),
      })
      .returning();
    return batch!;
  }

  it('books the packing and finishes the order together', async () => {
    await stock('WRB3', 200, 'roasted');
    const run = await packingRun(200);
    plc.set('WRB3:occupancy', 15_000);
    await packing.settler().settle(run, ran('finished'));
    expect((await batchNow(run.id)).status).toBe('finished');
    expect((await orderState(db(), run.orderId)).status).toBe(OrderStatus.Finished);
    expect(await held('WRB3')).toBe(15_000);
    expect(told).toEqual({
      orders: [{ type: 'order', id: run.orderId, change: 'status' }],
      movements: 1,
    });
  });

  it('rolls the packing back when the run is no longer running', async () => {
    await stock('WRB3', 200, 'roasted');
    const run = await packingRun(200);
    plc.set('WRB3:occupancy', 15_000);
    await db().update(orderBatches).set({ status: 'finished' }).where(eq(orderBatches.id, run.id));
    await expect(packing.settler().settle(run, ran('finished'))).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await entriesOf(run.id)).toEqual([]);
    expect(await held('WRB3')).toBe(20_000);
    expect((await orderState(db(), run.orderId)).status).toBe(OrderStatus.PackingProcessing);
    expect(told).toEqual({ orders: [], movements: 0 });
  });

  it('fails the run and stops its order together, or neither', async () => {
    const run = await packingRun(200);
    const allow = await refuseNotProcessed();
    try {
      await expect(packing.settler().fail(run, 'the packer jammed')).rejects.toThrow();
    } finally {
      await allow();
    }
    expect((await batchNow(run.id)).status).toBe('running');
    expect((await orderState(db(), run.orderId)).status).toBe(OrderStatus.PackingProcessing);
    expect(told.orders).toEqual([]);
  });
});
