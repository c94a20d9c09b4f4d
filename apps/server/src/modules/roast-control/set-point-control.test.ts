import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderStatus,
  Role,
  RoasterPhase,
  referenceBtAt,
  type ActiveNotifications,
  type BatchOfOrder,
  type DeviceTagView,
  type RoastControlState,
  type RoastRecord,
} from '@roastery/contract';
import { eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { orderState } from '../../../test/order-fixtures.ts';
import { lockstepPlant } from '../../../test/plant-lockstep.ts';
import { demoPlantApp, roastOrder } from '../../../test/roast-control-fixtures.ts';

const ROASTER = 'R2';
/** What a PLC with its own burner controller does not take from outside. */
const BURNER_FROM_OUTSIDE = new Set(['Burner Power', 'Burner Control']);

let t: TestApp;
let admin: ApiCaller;
let supervisor: ApiCaller;
let stopStepping: (() => Promise<void>) | undefined;

beforeAll(async () => {
  t = await demoPlantApp();
  admin = t.as(Role.Administrator);
  supervisor = t.as(Role.Supervisor);
}, 180_000);
afterAll(async () => {
  await stopStepping?.();
  await t.close();
});

const simulator = () => {
  const running = t.services.runtime.simulator.running;
  if (!running) throw new Error('the simulated PLC is not running');
  return running;
};

/** Roaster 2's PLC as one whose own controller keeps the burner: its map loses the two. */
async function withoutBurnerPower(): Promise<void> {
  const { body: tags } = await admin<DeviceTagView[]>('GET', `/api/device/tags/${ROASTER}`);
  const kept = tags
    .filter((tag) => !BURNER_FROM_OUTSIDE.has(tag.command_label))
    .map(({ command_label: _label, command_owner: _owner, ...tag }) => tag);
  expect(tags.length - kept.length).toBe(BURNER_FROM_OUTSIDE.size);
  const saved = await admin('PUT', `/api/device/tags/${ROASTER}`, { tags: kept });
  expect(saved.status).toBe(200);
  // The simulated PLC starts again on the new map, and the gateway reads it.
  await eventually(
    () => {
      const running = t.services.runtime.simulator.running;
      const health = t.services.runtime.health();
      return running &&
        !running.store.has(ROASTER, 'Burner Power') &&
        health?.state === 'connected' &&
        health.scan.cycles >= 2
        ? true
        : undefined;
    },
    'the plant on the new address map',
    60_000,
  );
}

/** Each set-point that reached the PLC while it roasted, at the PLC's roast clock then. */
function watchSetPoints(): { roastS: number; value: number }[] {
  const plc = simulator();
  const setPoint = plc.store.tag(ROASTER, 'Burner Set-point');
  const written: { roastS: number; value: number }[] = [];
  plc.store.onWrite((tag, origin) => {
    if (tag !== setPoint || origin !== 'modbus') return;
    if (plc.model.getValue(ROASTER, 'Phase') !== RoasterPhase.Roasting) return;
    written.push({
      roastS: plc.model.getValue(ROASTER, 'Roast Time'),
      value: plc.store.valueOf(tag),
    });
  });
  return written;
}

describe('a roaster whose PLC keeps its own burner controller', () => {
  it('is led along its profile by the set-point: the PLC follows it to the end condition', async () => {
    await withoutBurnerPower();
    const written = watchSetPoints();
    // The plant moves a second at a time (two while a roaster only roasts, the controller's
    // step) and stands until the console has seen each step and answered it.
    stopStepping = lockstepPlant(t.services, 1000, 2000);

    const { order, profile } = await roastOrder(supervisor, {
      product: 'Ethiopia Yirgacheffe',
      roaster: ROASTER,
      bin: 'WRB3',
      lbs: 250,
    });
    expect((await supervisor('PUT', '/api/orders/start', { order_id: order })).status).toBe(200);
    const control = await eventually(
      async () => {
        const { body } = await supervisor<RoastControlState>(
          'GET',
          `/api/roast-control/${ROASTER}`,
        );
        return body.profile?.id === profile.id ? body : undefined;
      },
      'Roaster 2 to follow its profile',
      150_000,
    );
    await eventually(
      async () =>
        (await orderState(t.database.db, order)).status === OrderStatus.Finished ? true : undefined,
      'the order to finish',
      150_000,
    );

    const [batch] = (await supervisor<BatchOfOrder[]>('GET', `/api/orders/${order}/batches`)).body;
    const { body: record } = await supervisor<RoastRecord>(
      'GET',
      `/api/roast-records/batch/${batch!.id}`,
    );
    const { settings } = profile.current;
    const turningPoint = record.events.turning_point!.t_s;
    const dropS = record.events.drop!.t_s;
    const chargeS = control.charge_roast_time_s!;

    // Until the turning point the PLC fires towards the charge temperature; from it on, each
    // second's set-point is the reference's BT then, in the register's whole degrees.
    const charge = Math.round(settings.charge_temperature_f);
    const led = written.map((w) => ({ t_s: w.roastS - chargeS, value: w.value }));
    const turnedS = led.find((w) => w.value !== charge)?.t_s ?? Infinity;
    // The controller knows the turning point once BT has stayed above its lowest for 10 s, on
    // the seconds it has read (two at a time here).
    expect(turnedS - turningPoint).toBeGreaterThanOrEqual(0);
    expect(turnedS - turningPoint).toBeLessThanOrEqual(20);
    expect(led.filter((w) => w.t_s < turnedS).map((w) => w.value)).toEqual([charge]);
    const onReference = led.filter((w) => w.t_s >= turnedS);
    for (const w of onReference) {
      // The controller's tenth of a degree, rounded again to the register's whole degree.
      const reference = Math.round(referenceBtAt(settings.reference, w.t_s) * 10) / 10;
      expect(w.value, `the set-point at ${w.t_s} s`).toBe(Math.round(reference));
    }
    // Written along the whole roast: the reference rises a degree within a few seconds.
    expect(dropS - Math.max(...onReference.map((w) => w.t_s))).toBeLessThanOrEqual(10);
    expect(onReference.length).toBeGreaterThan((dropS - turningPoint) / 10);

    // The end condition dropped the batch, and the PLC's controller held BT on the reference.
    expect(settings.end.kind).toBe('drop_temperature');
    expect(Math.abs(record.end_bt_f - settings.end.value)).toBeLessThanOrEqual(2);
    expect(record.deviation!.rms_f).toBeLessThanOrEqual(3);
    // After the drop the PLC holds the drum at the charge temperature for the next batch.
    expect(simulator().model.getValue(ROASTER, 'Burner Set-point')).toBe(charge);
    expect(simulator().model.getValue(ROASTER, 'Drop Request')).toBe(0);
    const { body: active } = await supervisor<ActiveNotifications>(
      'GET',
      '/api/notification/active',
    );
    expect(
      active.data.map((n) => n.text).filter((text) => text.startsWith(`${ROASTER}: `)),
    ).toEqual([]);
  }, 300_000);
});
