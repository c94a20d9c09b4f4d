import { beforeAll, describe, expect, it } from 'vitest';
import {
  OrderStatus,
  Role,
  type BatchOfOrder,
  type LotTrace,
  type RoastRecord,
} from '@roastery/contract';
import { buildTestApp, eventually, stockBin } from '../../../test/helper.ts';
import {
  newBean,
  newOrder,
  newProduct,
  orderState,
  quickRoastWorkflow,
} from '../../../test/order-fixtures.ts';
import { lockstepPlant } from '../../../test/plant-lockstep.ts';

/**
 * The roast runs until the PLC's roast timer reads this: 100 lbs in R1 at the PLC's 430 °F
 * set-point are past their dry end (300 °F) by then, and short of first crack.
 */
const ROAST_S = 300;

interface Roasted {
  record: RoastRecord;
  /** What the simulated PLC holds in its green lot registers once the batch is done. */
  registers: { moisture: number; density: number };
  trace: LotTrace;
}

/**
 * One batch of 100 lbs of a lot of this moisture (and 700 g/L), on a console and a simulated plant
 * of its own over Modbus TCP, so that two such batches start alike: the same preheated roaster,
 * the same seed. The plant moves half a second a tick while it charges and two while it only
 * roasts, so the events are read off the curve to two seconds.
 */
async function roastLot(moisturePct: number): Promise<Roasted> {
  let plantMs = () => 0;
  const t = await buildTestApp({}, { plant: true, roastClock: () => plantMs() });
  plantMs = () => t.services.runtime.simulator.running?.model.now ?? 0;
  const stopStepping = lockstepPlant(t.services, 500, 2_000);
  try {
    const supervisor = t.as(Role.Supervisor);
    const db = t.database.db;
    await eventually(() => t.services.runtime.connected(), 'the PLC connection');
    const workflow = await quickRoastWorkflow(db, 'R1', 'WRB1', 'Roast on R1', ROAST_S);
    const bean = await newBean(supervisor, 'Guatemala Huehuetenango');
    const product = await newProduct(supervisor, 'Huehue', [{ bean_id: bean, ratio: 100 }], 100);
    const lot = await stockBin(t.services, 'GS1', bean, 250, { moisturePct, densityGPerL: 700 });
    await eventually(() => t.services.runtime.reading('GS1', 'occupancy') === 250, 'GS1 stocked');
    const order = await newOrder(db, {
      kind: 'roasting',
      productId: product,
      lbs: 100,
      batchLbs: 100,
      workflowId: workflow,
      roaster: 'R1',
      destination: 'WRB1',
    });
    expect((await supervisor('PUT', '/api/orders/start', { order_id: order })).status).toBe(200);
    await eventually(
      async () => (await orderState(db, order)).status === OrderStatus.Finished,
      'the order to finish',
      150_000,
    );
    const [batch] = (await supervisor<BatchOfOrder[]>('GET', `/api/orders/${order}/batches`)).body;
    const record = await supervisor<RoastRecord>('GET', `/api/roast-records/batch/${batch!.id}`);
    expect(record.status).toBe(200);
    const sim = t.services.runtime.simulator.running!.model;
    return {
      record: record.body,
      registers: {
        moisture: sim.getValue('R1', 'Green Moisture'),
        density: sim.getValue('R1', 'Green Density'),
      },
      trace: (await supervisor<LotTrace>('GET', `/api/trace/lot/${lot}`)).body,
    };
  } finally {
    await stopStepping();
    await t.close();
  }
}

describe('the same batch charged with a wet lot and with a dry one, over Modbus TCP', () => {
  let wet: Roasted;
  let dry: Roasted;

  beforeAll(async () => {
    wet = await roastLot(12.5);
    dry = await roastLot(9.5);
  }, 400_000);

  it("tells the roaster the lot's moisture and density before the charge, and the record keeps them", () => {
    expect(wet.record).toMatchObject({ green_moisture_pct: 12.5, green_density_g_per_l: 700 });
    expect(dry.record).toMatchObject({ green_moisture_pct: 9.5, green_density_g_per_l: 700 });
    expect(wet.trace).toMatchObject({ moisture_pct: 12.5, density_g_per_l: 700 });
    expect(wet.record.green_lots.map((l) => l.lot_number)).toEqual([wet.trace.lot_number]);
    // Once the batch is done, the roaster no longer takes its beans for that lot.
    expect(wet.registers).toEqual({ moisture: 0, density: 0 });
  });

  it('dries the wet lot longer, and it loses more of its weight', () => {
    const dryEnd = (r: Roasted) => r.record.events.dry_end?.t_s ?? Infinity;
    expect(dryEnd(dry)).toBeLessThan(ROAST_S);
    expect(dryEnd(wet)).toBeLessThan(ROAST_S);
    expect(dryEnd(wet) - dryEnd(dry)).toBeGreaterThanOrEqual(10);
    expect(wet.record.phases.drying.s).toBeGreaterThan(dry.record.phases.drying.s);
    // Measured: dry end 3:08 against 2:48, loss 11.15 % against 9.77 %.
    expect(wet.record.loss_pct! - dry.record.loss_pct!).toBeGreaterThanOrEqual(0.8);
  });
});
