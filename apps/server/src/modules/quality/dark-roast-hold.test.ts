import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderStatus,
  Role,
  type BatchOfOrder,
  type QualityLot,
  type RoastProfileDetail,
  type RoastRecord,
} from '@roastery/contract';
import { eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { orderState } from '../../../test/order-fixtures.ts';
import { lockstepPlant } from '../../../test/plant-lockstep.ts';
import { demoPlantApp, roastOrder } from '../../../test/roast-control-fixtures.ts';

const ROASTER = 'R2';
const PRODUCT = 'Ethiopia Yirgacheffe';

/**
 * The product's specification: a city roast's colour, moisture and loss. The simulator's city
 * roast keeps about 1.5 % of its water, its 445 °F dark roast about 0.8 %.
 */
const SPEC = {
  colour_min: 45,
  colour_max: 65,
  moisture_min: 1.2,
  moisture_max: 2.5,
  loss_min: 12,
  loss_max: 17,
  development_min: null,
  development_max: null,
  cupping_min: null,
};

let t: TestApp;
let supervisor: ApiCaller;
let stopStepping: (() => Promise<void>) | undefined;

beforeAll(async () => {
  t = await demoPlantApp();
  supervisor = t.as(Role.Supervisor);
  // The plant moves a second at a time (two while a roaster only roasts) and stands until the
  // console has seen each step and answered it.
  stopStepping = lockstepPlant(t.services, 1000, 2000);
}, 180_000);
afterAll(async () => {
  await stopStepping?.();
  await t.close();
});

/** An order of one batch of the product on Roaster 2, with the product's profile there. */
const newOrder = () =>
  roastOrder(supervisor, { product: PRODUCT, roaster: ROASTER, bin: 'WRB3', lbs: 250 });

/** Runs an order's batch along its profile: the batch's record and its roasted lot. */
async function roast(order: number): Promise<{ record: RoastRecord; lot: QualityLot }> {
  expect((await supervisor('PUT', '/api/orders/start', { order_id: order })).status).toBe(200);
  await eventually(
    async () =>
      (await orderState(t.database.db, order)).status === OrderStatus.Finished ? true : undefined,
    `order ${order} to finish`,
    240_000,
  );
  const [batch] = (await supervisor<BatchOfOrder[]>('GET', `/api/orders/${order}/batches`)).body;
  const { body: record } = await supervisor<RoastRecord>(
    'GET',
    `/api/roast-records/batch/${batch!.id}`,
  );
  await t.services.quality.settled();
  const { body: lots } = await supervisor<QualityLot[]>('GET', '/api/quality/lots');
  const lot = lots.find((l) => l.batch_id === batch!.id);
  if (!lot) throw new Error(`batch ${batch!.id} has no roasted lot`);
  return { record, lot };
}

describe("the roaster's meters at the drop, checked against the product's specification", () => {
  it('leaves a city roast pending and puts a deliberately dark one on hold by itself', async () => {
    const first = await newOrder();
    const { profile } = first;
    const spec = await supervisor('PUT', `/api/quality/specs/${profile.product_id}`, SPEC);
    expect(spec.status).toBe(200);

    const city = await roast(first.order);
    expect(city.record.roasted_moisture_pct).not.toBeNull();
    expect(city.lot.results.map((r) => [r.kind, r.value, r.source, r.in_spec])).toEqual([
      ['loss', city.record.loss_pct, 'roast_record', true],
      // The specification gives development no range; the lot keeps it to four places.
      [
        'development',
        expect.closeTo(city.record.phases.development_ratio_pct, 3),
        'roast_record',
        null,
      ],
      ['colour', city.record.colour, 'roast_record', true],
      ['moisture', city.record.roasted_moisture_pct, 'roast_record', true],
    ]);
    expect(city.lot).toMatchObject({ status: 'pending', reason: '' });

    // The same profile dropped at 445 °F: its reference runs on past its end at its last slope.
    const { settings } = profile.current;
    const darker = await supervisor<RoastProfileDetail>(
      'PUT',
      `/api/roast-profiles/${profile.id}`,
      {
        settings: { ...settings, end: { kind: 'drop_temperature', value: 445 } },
        reason: 'A dark roast on purpose',
      },
    );
    expect(darker.status).toBe(200);
    const dark = await roast((await newOrder()).order);
    expect(dark.record.end_bt_f).toBeGreaterThanOrEqual(443);
    // Longer and hotter past first crack, the dark roast gave up more of its bound water.
    expect(dark.record.roasted_moisture_pct!).toBeLessThan(city.record.roasted_moisture_pct! - 0.4);
    expect(dark.lot.status).toBe('on_hold');
    expect(dark.lot.reason).toMatch(/Colour [\d.]+ is below the specification's 45-65\./);
    const held = dark.lot.results.filter((r) => r.in_spec === false).map((r) => r.kind);
    expect(held).toEqual(['loss', 'colour', 'moisture']);
    expect(dark.lot.reason).toMatch(/^Roast loss [\d.]+% is above the specification's 12-17%\. /);
    expect(dark.lot.reason).toMatch(/Moisture [\d.]+% is below the specification's 1\.2-2\.5%\./);
  }, 600_000);
});
