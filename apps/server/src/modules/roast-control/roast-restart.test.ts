import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BurnerControl,
  OrderStatus,
  RoasterPhase,
  type ActiveNotifications,
  type BatchOfOrder,
  type RoastRecord,
} from '@roastery/contract';
import { eventually } from '../../../test/helper.ts';
import { orderState } from '../../../test/order-fixtures.ts';
import { RoastRestartRig } from '../../../test/roast-restart-fixtures.ts';
import { roastOrder } from '../../../test/roast-control-fixtures.ts';

/** How long the plant roasts on alone while the console restarts, plant seconds. */
const RESTART_S = 20;

let rig: RoastRestartRig;

beforeAll(async () => {
  rig = await RoastRestartRig.start();
}, 120_000);
afterAll(() => rig.close());

const active = async (type: 'alarm' | 'other') =>
  (await rig.supervisor()<ActiveNotifications>('GET', '/api/notification/active')).body.data.filter(
    (n) => n.type === type,
  );
const activeTexts = async (type: 'alarm' | 'other') => (await active(type)).map((n) => n.text);

describe('a roast through a restart of the console', () => {
  it('hands a roaster the console drove back to the PLC when no batch roasts on it', async () => {
    await rig.run.close();
    // What a console that lost its batch leaves: R1 roasting on the console's burner.
    rig.plant.simulator.model.setValue('R1', 'Phase', RoasterPhase.Roasting);
    rig.plant.simulator.model.setValue('R1', 'Burner Control', BurnerControl.Console);
    rig.run = await rig.plant.start();
    await eventually(
      () => (rig.plc('R1', 'Burner Control') === BurnerControl.SetPoint ? true : undefined),
      'the burner back with the PLC',
    );
    const text =
      'R1: roast control could not resume after a restart of the console (its batch was not found); the burner is handed back to the PLC.';
    const alarm = async () => (await active('alarm')).find((n) => n.text === text);
    expect(await alarm()).toMatchObject({ device_id: 'R1', clearedAt: null });
    rig.plant.simulator.model.setValue('R1', 'Phase', RoasterPhase.Idle);
    await eventually(async () => {
      // Cleared: gone from the active ones, or there until acknowledged, marked cleared.
      const raised = await alarm();
      return !raised || raised.clearedAt !== null || undefined;
    }, 'the alarm to clear once the roaster is idle');
  }, 180_000);

  it('takes a profiled roast up where it was: it drops at its end condition, on its profile, with its whole record', async () => {
    rig.step();
    const { order, profile } = await roastOrder(rig.supervisor(), {
      product: 'Ethiopia Yirgacheffe',
      roaster: 'R2',
      bin: 'WRB3',
      lbs: 250,
    });
    expect((await rig.supervisor()('PUT', '/api/orders/start', { order_id: order })).status).toBe(
      200,
    );
    const chargeS = (await rig.following('R2')).charge_roast_time_s!;
    // Six minutes into the roast, past its turning point and its dry end (about 5:00) and before
    // first crack (about 9:30), the console stops.
    await eventually(
      () => (rig.plc('R2', 'Roast Time') - chargeS >= 360 ? true : undefined),
      'six minutes of the roast',
      150_000,
    );
    const stoppedAtS = rig.plc('R2', 'Roast Time') - chargeS;
    await rig.restart(RESTART_S);
    // While no console ran, the PLC kept the console's burner; the new one takes it up.
    const resumed = await rig.following('R2');
    // The charge read back from the historian: to the second of the roast clock.
    expect(Math.abs(resumed.charge_roast_time_s! - chargeS)).toBeLessThanOrEqual(1);
    expect(resumed.profile).toMatchObject({ id: profile.id, version: 1 });
    expect(rig.plc('R2', 'Burner Control')).toBe(BurnerControl.Console);
    // The batch's workflow run was cut off by the restart: a person resumes it, as its alarm
    // asks; the roast was followed meanwhile whatever they do.
    const [cutOff] = rig.run.services.engine.activeRuns();
    expect(cutOff?.state).toBe('interrupted');
    const resumedRun = await rig.supervisor()(
      'POST',
      `/api/workflow/${cutOff!.workflow_id}/resume`,
    );
    expect(resumedRun.status).toBe(200);
    await eventually(
      async () =>
        (await activeTexts('other')).some((text) =>
          /^R2: roast control resumed after a restart of the console, at \d+:\d\d of the roast; the roast follows its profile again\.$/.test(
            text,
          ),
        ) || undefined,
      'the notice that roast control resumed',
    );
    await eventually(
      async () =>
        (await orderState(rig.plant.database.db, order)).status === OrderStatus.Finished ||
        undefined,
      'the order to finish',
      150_000,
    );

    const [batch] = (await rig.supervisor()<BatchOfOrder[]>('GET', `/api/orders/${order}/batches`))
      .body;
    const { body: record } = await rig.supervisor()<RoastRecord>(
      'GET',
      `/api/roast-records/batch/${batch!.id}`,
    );
    // The curve: from the charge to the drop, no gap longer than the restart.
    const times = record.samples.map((s) => s.t_s);
    expect(times[0]).toBe(0);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(RESTART_S + 4);
    expect(times.some((t) => t < stoppedAtS && t > stoppedAtS - 10)).toBe(true);
    // The events read before the restart stay, those after it were found.
    const { turning_point, dry_end, first_crack, drop } = record.events;
    expect(turning_point!.t_s).toBeLessThan(stoppedAtS);
    expect(dry_end!.t_s).toBeLessThan(stoppedAtS);
    expect(first_crack!.t_s).toBeGreaterThan(stoppedAtS);
    expect(drop!.t_s).toBe(record.total_s);
    // The drop at the end condition, BT on the reference from the turning point to the drop.
    const { end } = profile.current.settings;
    expect(end.kind).toBe('drop_temperature');
    expect(Math.abs(record.end_bt_f - end.value)).toBeLessThanOrEqual(2);
    expect(record.deviation!.rms_f).toBeLessThanOrEqual(3);
    expect(batch).toMatchObject({ status: 'finished', green: 250 });
    const loss = ((batch!.green! - batch!.roasted!) / batch!.green!) * 100;
    expect(record.loss_pct).toBeCloseTo(loss, 1);
    expect(record.green_lbs).toBe(250);
    // No roast alarm, the burner back with the PLC, no drop asked for.
    expect((await activeTexts('alarm')).filter((text) => text.startsWith('R2: '))).toEqual([]);
    expect(rig.plc('R2', 'Burner Control')).toBe(BurnerControl.SetPoint);
    expect(rig.plc('R2', 'Drop Request')).toBe(0);
  }, 300_000);
});
