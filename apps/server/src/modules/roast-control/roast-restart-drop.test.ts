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

const alarms = async () =>
  (await rig.supervisor()<ActiveNotifications>('GET', '/api/notification/active')).body.data.filter(
    (n) => n.type === 'alarm',
  );

describe('a roast whose workflow run was cut off by a restart', () => {
  it('is dropped by the console at its end condition while nobody resumes the run, and the resumed run finishes the batch', async () => {
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
    // Six minutes into the roast, well before its end condition (about 12:30), the console stops.
    await eventually(
      () => (rig.plc('R2', 'Roast Time') - chargeS >= 360 ? true : undefined),
      'six minutes of the roast',
      150_000,
    );
    await rig.restart(RESTART_S);
    await rig.following('R2');
    const [cutOff] = rig.run.services.engine.activeRuns();
    expect(cutOff?.state).toBe('interrupted');
    const workflowId = cutOff!.workflow_id;

    // Nobody resumes the run: at the end condition the console drops the roast itself.
    await eventually(
      () => (rig.plc('R2', 'Phase') === RoasterPhase.Dropping ? true : undefined),
      'the drop at the end condition',
      400_000,
    );
    expect(rig.run.services.engine.currentRun(workflowId)?.state).toBe('interrupted');
    const { end } = profile.current.settings;
    expect(end.kind).toBe('drop_temperature');
    const text = `R2: the roast reached its end condition (drop temperature ${end.value} °F) while its workflow run was interrupted; the console dropped it. Resume the run to finish the batch.`;
    const dropAlarm = async () => (await alarms()).find((n) => n.text === text);
    expect(await eventually(dropAlarm, 'the alarm of the drop')).toMatchObject({
      device_id: 'R2',
      clearedAt: null,
    });
    // The burner back with the PLC once the console has read the drop; the request kept for the
    // run's wait, the door open.
    await eventually(
      () => (rig.plc('R2', 'Burner Control') === BurnerControl.SetPoint ? true : undefined),
      'the burner back with the PLC',
    );
    expect(rig.plc('R2', 'Drop Request')).toBe(1);
    expect(rig.plc('R2', 'Drop Door Opened')).toBe(1);

    // A person resumes the run: it sees the drop asked for, drops into a door already open,
    // closes it and empties the cooling tray into the bin as ever.
    expect((await rig.supervisor()('POST', `/api/workflow/${workflowId}/resume`)).status).toBe(200);
    await eventually(
      async () =>
        (await orderState(rig.plant.database.db, order)).status === OrderStatus.Finished ||
        undefined,
      'the order to finish',
      150_000,
    );
    await eventually(async () => {
      const raised = await dropAlarm();
      return !raised || raised.clearedAt !== null || undefined;
    }, 'the alarm of the drop to clear once the run has closed the door');

    const [batch] = (await rig.supervisor()<BatchOfOrder[]>('GET', `/api/orders/${order}/batches`))
      .body;
    const { body: record } = await rig.supervisor()<RoastRecord>(
      'GET',
      `/api/roast-records/batch/${batch!.id}`,
    );
    // The drop at the end condition, and the record whole to it.
    expect(Math.abs(record.end_bt_f - end.value)).toBeLessThanOrEqual(2);
    expect(record.events.drop!.t_s).toBe(record.total_s);
    expect(record.samples[0]!.t_s).toBe(0);
    expect(record.samples.at(-1)!.t_s).toBeGreaterThanOrEqual(record.total_s - 2);
    // Settled with the roaster's scale weights: the books' loss is the record's.
    expect(batch).toMatchObject({ status: 'finished', green: 250 });
    expect(record.green_lbs).toBe(batch!.green);
    expect(record.roasted_lbs).toBe(batch!.roasted);
    const loss = ((batch!.green! - batch!.roasted!) / batch!.green!) * 100;
    expect(record.loss_pct).toBeCloseTo(loss, 1);
    expect(rig.plc('R2', 'Burner Control')).toBe(BurnerControl.SetPoint);
    expect(rig.plc('R2', 'Drop Request')).toBe(0);
    expect(rig.plc('R2', 'Drop Door Opened')).toBe(0);
  }, 600_000);
});
