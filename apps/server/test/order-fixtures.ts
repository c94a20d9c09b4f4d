import { eq } from 'drizzle-orm';
import {
  DemoBinary as B,
  DemoInput as I,
  type Bean,
  type Product,
  type WaitDevice,
} from '@roastery/contract';
import {
  devices,
  orderBatches,
  orders,
  workflowSteps,
  workflows,
  type Database,
} from '@roastery/db';
import { stockBin, type ApiCaller, type TestApp } from './helper.ts';

export interface StepSpec {
  device: string;
  binary?: number;
  input?: number;
  value: number;
  waits?: Omit<WaitDevice, 'is_silo'>[];
}

const set = (device: string, binary: number, value: 0 | 1, waits?: StepSpec['waits']) => ({
  device,
  binary,
  value,
  ...(waits ? { waits } : {}),
});
const until = (
  device_id: string,
  command_id: number,
  condition: WaitDevice['condition'],
  command_value: number,
): Omit<WaitDevice, 'is_silo'> => ({
  device_id,
  type: 'input',
  command_id,
  condition,
  command_value,
});

/**
 * A roast short enough for tests: the demo roast's steps, dropped `roastSeconds` after charge (by
 * the PLC's roast timer) instead of at 400 °F. The beans lose nothing in the default 2 s; in a
 * minute they have begun to dry, about 1 % of their weight. Charged from GS1 into WRB1 as written; a
 * batch's own steps charge from its planned silos into its order's bin.
 */
function quickRoast(roaster: string, bin: string, roastSeconds: number): StepSpec[] {
  return [
    { device: roaster, input: I.BatchSize, value: 100 },
    { device: roaster, input: I.BurnerSetPoint, value: 430 },
    set(roaster, B.Drum, 1),
    set(roaster, B.Burner, 1),
    set('CL1', B.Start, 1),
    set(roaster, B.ChargeGate, 1),
    set('GS1', B.DischargeGate, 1, [until(roaster, I.GreenWeight, '>=', 100)]),
    set('GS1', B.DischargeGate, 0),
    set(roaster, B.ChargeGate, 0),
    set('CL1', B.Start, 0, [until(roaster, I.RoastTime, '>=', roastSeconds)]),
    set(roaster, B.Burner, 0),
    set(bin, B.InletGate, 1),
    set(roaster, B.DropDoor, 1),
    set(roaster, B.DropDoor, 0),
    set(roaster, B.CoolingTray, 1, [until(roaster, I.Phase, '<=', 0)]),
    set(roaster, B.CoolingTray, 0),
    set(bin, B.InletGate, 0),
    set(roaster, B.Drum, 0),
  ];
}

/** Packs a bin on a packer until the level the run's steps name (the order's quantity). */
function quickPack(bin: string, packer: string): StepSpec[] {
  return [
    // As fast as the bin's feed (10 lb/s in 5 lb bags), so that a test packs in seconds.
    { device: packer, input: I.PackingSpeed, value: 120 },
    set(packer, B.Start, 1),
    set(bin, B.DischargeGate, 1, [until(bin, I.Occupancy, '<=', 0)]),
    set(bin, B.DischargeGate, 0),
    set(packer, B.Start, 0),
  ];
}

export async function insertWorkflow(
  db: Database,
  name: string,
  type: 'roasting' | 'packing' | 'moving',
  steps: StepSpec[],
): Promise<number> {
  const [created] = await db
    .insert(workflows)
    .values({ name, type, waitTimeoutS: 120, manualTimeoutS: 120 })
    .returning({ id: workflows.id });
  if (!created) throw new Error('no workflow');
  await db.insert(workflowSteps).values(
    steps.map((s, index) => ({
      workflowId: created.id,
      sortNo: index + 1,
      deviceId: s.device,
      type: s.binary !== undefined ? ('binary' as const) : ('input' as const),
      commandId: s.binary ?? s.input ?? 0,
      commandValue: s.value,
      dynamic: false,
      waitFinish: true,
      waitDevice: (s.waits ?? []).map((w) => ({ ...w, is_silo: false })),
    })),
  );
  return created.id;
}

export const quickRoastWorkflow = (
  db: Database,
  roaster: string,
  bin: string,
  name: string,
  roastSeconds = 2,
) => insertWorkflow(db, name, 'roasting', quickRoast(roaster, bin, roastSeconds));

export const quickPackWorkflow = (db: Database, bin: string, packer: string, name: string) =>
  insertWorkflow(db, name, 'packing', quickPack(bin, packer));

export async function newBean(caller: ApiCaller, bean_name: string): Promise<number> {
  const created = await caller<Bean>('POST', '/api/bean', { bean: { bean_name } });
  if (created.status !== 200 && created.status !== 201)
    throw new Error(JSON.stringify(created.body));
  return created.body.id;
}

export async function newProduct(
  caller: ApiCaller,
  product_name: string,
  recipe: { bean_id: number; ratio: number }[],
  batch_weight: number,
): Promise<number> {
  const created = await caller<Product>('POST', '/api/product', {
    product: { product_name, batch_weight, min_batch_weight: 1, max_batch_weight: 1000 },
    product_recipes: recipe,
  });
  if (created.status !== 200 && created.status !== 201)
    throw new Error(JSON.stringify(created.body));
  return created.body.product_id;
}

const deviceRef = async (db: Database, code: string) => {
  const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.deviceId, code));
  if (!row) throw new Error(`no device ${code}`);
  return row.id;
};

/**
 * An order as the orders module creates it (not on this branch's API): a roasting order of
 * `lbs` in batches of `batchLbs`, or a packing order of `lbs` (null: until the bin is empty).
 */
export async function newOrder(
  db: Database,
  fields: {
    kind: 'roasting' | 'packing';
    productId: number;
    lbs: number | null;
    batchLbs?: number;
    workflowId?: number;
    roaster?: string;
    destination?: string;
    priority?: 'low' | 'medium' | 'high';
    orderDate?: Date;
  },
): Promise<number> {
  const [created] = await db
    .insert(orders)
    .values({
      kind: fields.kind,
      productId: fields.productId,
      qtyCenti: fields.lbs === null ? null : Math.round(fields.lbs * 100),
      batchCenti: fields.batchLbs === undefined ? null : Math.round(fields.batchLbs * 100),
      workflowId: fields.workflowId ?? null,
      roasterDevice: fields.roaster ? await deviceRef(db, fields.roaster) : null,
      destinationDevice: fields.destination ? await deviceRef(db, fields.destination) : null,
      priority: fields.priority ?? 'medium',
      orderDate: fields.orderDate ?? new Date(),
    })
    .returning({ id: orders.id });
  if (!created) throw new Error('no order');
  return created.id;
}

export async function orderState(db: Database, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/**
 * Books a roasted lot of a product into a bin as a finished batch of a roasting order of its own
 * would, without running the plant: green beans stocked in a silo, all of them roasted on R1 (85%
 * comes out) into the bin. The simulated silo and bin read what the books then hold there.
 */
export async function bookRoastedLot(
  t: Pick<TestApp, 'services' | 'database'>,
  fields: { productId: number; beanId: number; silo: string; bin: string; greenLbs: number },
): Promise<{ orderId: number; lotNumber: string }> {
  const { services, database } = t;
  const orderId = await newOrder(database.db, {
    kind: 'roasting',
    productId: fields.productId,
    lbs: fields.greenLbs,
    roaster: 'R1',
    destination: fields.bin,
  });
  const [batch] = await database.db
    .insert(orderBatches)
    .values({ orderId, seq: 1, status: 'finished' })
    .returning({ id: orderBatches.id });
  if (!batch) throw new Error('no batch');
  await stockBin(services, fields.silo, fields.beanId, fields.greenLbs);
  const green = Math.round(fields.greenLbs * 100);
  const lotNumber = `RST-${String(orderId).padStart(6, '0')}-1`;
  const binRef = await deviceRef(database.db, fields.bin);
  const siloRef = await deviceRef(database.db, fields.silo);
  await services.ledger.bookRoast({
    orderId,
    batchId: batch.id,
    roaster: await deviceRef(database.db, 'R1'),
    draws: [{ fromDevice: siloRef, centiLbs: green }],
    wasteDevice: null,
    greenCenti: green,
    roastedCenti: Math.round(green * 0.85),
    destination: binRef,
    roastedLot: { lotNumber, beanId: fields.beanId, roastedAt: new Date() },
  });
  const held = await services.ledger.occupancyCenti([binRef, siloRef]);
  for (const [code, ref] of [
    [fields.bin, binRef],
    [fields.silo, siloRef],
  ] as const) {
    services.runtime.simulator.running?.model.setValue(
      code,
      'Occupancy',
      (held.get(ref) ?? 0) / 100,
    );
  }
  return { orderId, lotNumber };
}

/**
 * A roast profile of R1 for a product, as a supervisor writes one: a reference from a 420 °F
 * charge through the turning point to 430 °F at 6 minutes, dropped at 420 °F.
 */
export function testRoastProfileBody(name: string, productId: number) {
  return {
    name,
    product_id: productId,
    roaster: 'R1',
    settings: {
      charge_temperature_f: 420,
      batch_min_lbs: 50,
      batch_max_lbs: 500,
      // A short roast of a small batch, quick enough for the tests' roasts to crack: the
      // roaster's profile controller follows it.
      reference: [
        { t_s: 0, bt_f: 420 },
        { t_s: 90, bt_f: 240 },
        { t_s: 180, bt_f: 300 },
        { t_s: 360, bt_f: 430 },
      ],
      end: { kind: 'drop_temperature', value: 420 },
      dry_end_f: 300,
    },
  };
}
