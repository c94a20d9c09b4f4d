import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  Role,
  type PackingRecord,
  type SiloStat,
  type Transfer,
  type TransferBin,
} from '@roastery/contract';
import { devices } from '@roastery/db';
import { buildTestApp, seedDemoPlant, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { newBean, newOrder, newProduct } from '../../../test/order-fixtures.ts';

/*
 * A House Blend order (60 % Colombia, 40 % Brazil) roasts two batches into WRB Bin 2; a roasted
 * lot's bean is the recipe's main bean (Colombia), which is what the screens used to show.
 */
let t: TestApp;
let supervisor: ApiCaller;
let packingOrder = 0;
const lot = (seq: number) => `RST-HB-${seq}`;

async function ref(code: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.deviceId, code));
  if (!row) throw new Error(`no device ${code}`);
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  supervisor = t.as(Role.Supervisor);
  const ledger = t.services.ledger;
  const colombia = await newBean(supervisor, 'Colombia Supremo');
  const brazil = await newBean(supervisor, 'Brazil Santos');
  const blend = await newProduct(
    supervisor,
    'House Blend',
    [
      { bean_id: colombia, ratio: 60 },
      { bean_id: brazil, ratio: 40 },
    ],
    100,
  );
  const [gs1, gs2, r1, wrb2] = await Promise.all(['GS1', 'GS2', 'R1', 'WRB2'].map(ref));
  const green = async (lotNumber: string, beanId: number, to: number) =>
    ledger.receive({
      toDevice: to,
      lotId: await ledger.createLot({ lotNumber, beanId, kind: 'green' }),
      lbs: 500,
      reason: 'dump',
    });
  await green('HB-C', colombia, gs1 ?? 0);
  await green('HB-B', brazil, gs2 ?? 0);
  const roasting = await newOrder(t.database.db, {
    kind: 'roasting',
    productId: blend,
    lbs: 200,
    roaster: 'R1',
    destination: 'WRB2',
  });
  for (const seq of [1, 2]) {
    await ledger.bookRoast({
      orderId: roasting,
      batchId: seq,
      roaster: r1 ?? 0,
      draws: [
        { fromDevice: gs1 ?? 0, centiLbs: 6000 },
        { fromDevice: gs2 ?? 0, centiLbs: 4000 },
      ],
      wasteDevice: null,
      greenCenti: 10000,
      roastedCenti: 8500,
      destination: wrb2 ?? 0,
      roastedLot: { lotNumber: lot(seq), beanId: colombia, roastedAt: new Date() },
    });
  }
  packingOrder = await newOrder(t.database.db, { kind: 'packing', productId: blend, lbs: 100 });
  // First in, first out: all of lot 1 and 15 lbs of lot 2 leave the bin.
  await ledger.move({
    fromDevice: wrb2 ?? 0,
    toDevice: null,
    lbs: 100,
    reason: 'pack',
    orderId: packingOrder,
  });
});
afterAll(() => t.close());

describe('roasted stock is named by its product and roasted lot', () => {
  it('on the dashboard, while green silos keep their bean', async () => {
    const silos = (await supervisor<SiloStat[]>('GET', '/api/dashboard/bean')).body;
    const named = (id: string) => silos.find((s) => s.id === id)?.current_beans;
    expect(named('WRB2')).toBe(`House Blend · lot ${lot(2)}`);
    expect(named('GS1')).toBe('Colombia Supremo');
    expect(named('GS2')).toBe('Brazil Santos');
  });

  it('in the transfer bins and on the transfer asked for', async () => {
    const bins = (await supervisor<TransferBin[]>('GET', '/api/transfer/bin')).body;
    const wrb2 = bins.find((b) => b.id === 'WRB2');
    expect(wrb2?.bean).toBe(`House Blend · lot ${lot(2)}`);
    const target = bins.find((b) => b.id !== 'WRB2' && b.conveyor_id === wrb2?.conveyor_id);
    if (!target) throw new Error('no bin beside WRB2 on its conveyor');
    const created = await supervisor<Transfer>('POST', '/api/transfer', {
      sourceBinId: 'WRB2',
      targetBinId: target.id,
      targetWeight: 10,
    });
    expect(created.status).toBe(201);
    expect(created.body.bean_name).toBe(`House Blend · lot ${lot(2)}`);
  });

  it('in the packing report an inspector reads', async () => {
    const day = 86_400_000;
    const period = `from=${new Date(Date.now() - day).toISOString()}&to=${new Date(Date.now() + day).toISOString()}`;
    const report = await supervisor<PackingRecord[]>('GET', `/api/report/packing?${period}`);
    const record = report.body.find((r) => r.order_id === packingOrder);
    expect(record?.bins.map((b) => [b.lot_number, b.bean_name, b.amount])).toEqual([
      [lot(1), `House Blend · lot ${lot(1)}`, 85],
      [lot(2), `House Blend · lot ${lot(2)}`, 15],
    ]);
  });
});
