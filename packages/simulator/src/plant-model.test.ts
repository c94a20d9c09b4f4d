import type { PlantDefinition } from '@roastery/contract';
import { RoasterPhase, TransferState, demoPlant } from '@roastery/contract';
import { describe, expect, it } from 'vitest';
import { CLEANER_WASTE_FRACTION, DemoFlowRates } from './flow-topology.ts';
import type { PlantModelOptions } from './plant-model.ts';
import { PlantModel } from './plant-model.ts';
import { toCentiLbs } from './material-port.ts';
import { PlantConstants } from './plant-constants.ts';
import { RegisterStore } from './register-store.ts';

function demoModel(
  options: PlantModelOptions = {},
  plant: PlantDefinition = demoPlant,
): PlantModel {
  return new PlantModel(new RegisterStore(plant), options);
}

/** The demo plant with one tag of a device removed, as a change of its tags on the console. */
function withoutTag(deviceId: string, label: string): PlantDefinition {
  const command = demoPlant.commands.find((c) => c.label === label);
  if (!command) throw new Error(`No command '${label}'`);
  return {
    ...demoPlant,
    tags: demoPlant.tags.filter(
      (t) =>
        !(
          t.device_id === deviceId &&
          t.command_kind === command.kind &&
          t.command_id === command.id
        ),
    ),
  };
}

/** Writes app commands and lets the plant confirm them. */
function command(model: PlantModel, writes: [string, string, number][]): void {
  for (const [device, label, value] of writes) model.setValue(device, label, value);
  model.advance(PlantConstants.echoDelayMs);
}

/** Advances in one-second steps until the predicate holds; fails after `limitMs` of plant time. */
function advanceUntil(model: PlantModel, predicate: () => boolean, limitMs = 600_000): void {
  const end = model.now + limitMs;
  while (!predicate()) {
    if (model.now >= end) throw new Error(`condition not met within ${limitMs} ms of plant time`);
    model.advance(1_000);
  }
}

describe('feedback echo', () => {
  it('shows an app command on its feedback after the echo delay, not before', () => {
    const model = demoModel();
    model.setValue('PK1', 'Start', 1);
    model.advance(PlantConstants.echoDelayMs - 1);
    expect(model.getValue('PK1', 'Running')).toBe(0);
    model.advance(1);
    expect(model.getValue('PK1', 'Running')).toBe(1);

    model.setValue('PK1', 'Start', 0);
    model.advance(PlantConstants.echoDelayMs);
    expect(model.getValue('PK1', 'Running')).toBe(0);
  });

  it('takes a configurable echo delay', () => {
    const model = demoModel({ echoDelayMs: 50 });
    model.setValue('GS1', 'Inlet Gate', 1);
    model.advance(49);
    expect(model.getValue('GS1', 'Inlet Gate Opened')).toBe(0);
    model.advance(1);
    expect(model.getValue('GS1', 'Inlet Gate Opened')).toBe(1);
  });

  it('confirms a mode switch on Manual Mode Active after the mode delay', () => {
    const model = demoModel();
    model.setValue('R1', 'Manual Mode', 1);
    model.advance(PlantConstants.echoDelayMs);
    expect(model.getValue('R1', 'Manual Mode Active')).toBe(0);
    model.advance(PlantConstants.modeDelayMs - PlantConstants.echoDelayMs);
    expect(model.getValue('R1', 'Manual Mode Active')).toBe(1);

    const fast = demoModel({ modeDelayMs: 200 });
    fast.setValue('R1', 'Manual Mode', 1);
    fast.advance(200);
    expect(fast.getValue('R1', 'Manual Mode Active')).toBe(1);
  });

  it('confirms only the last of two writes made within the delay', () => {
    const model = demoModel();
    model.setValue('CL1', 'Start', 1);
    model.advance(100);
    model.setValue('CL1', 'Start', 0);
    model.advance(PlantConstants.echoDelayMs);
    expect(model.getValue('CL1', 'Running')).toBe(0);
  });
});

describe('silos and bins', () => {
  it('fills a silo from a running dump station at the dump rate', () => {
    const model = demoModel();
    model.setDumpScaleWeight('DS1', 1_000);
    command(model, [
      ['DS1', 'Start', 1],
      ['GS3', 'Inlet Gate', 1],
    ]);
    model.advance(10_000);
    expect(model.getValue('GS3', 'Occupancy')).toBe(DemoFlowRates.dump * 10);
    expect(model.getValue('DS1', 'Scale Weight')).toBe(1_000 - DemoFlowRates.dump * 10);

    model.advance(60_000);
    expect(model.getValue('GS3', 'Occupancy')).toBe(1_000);
    expect(model.getValue('DS1', 'Scale Weight')).toBe(0);
    expect(model.getValue('GS1', 'Occupancy')).toBe(0);
  });

  it('stops filling at capacity and keeps the rest on the scale', () => {
    const model = demoModel();
    model.setValue('GS1', 'Occupancy', 19_990);
    model.setDumpScaleWeight('DS2', 100);
    command(model, [
      ['DS2', 'Start', 1],
      ['GS1', 'Inlet Gate', 1],
    ]);
    model.advance(30_000);
    expect(model.getValue('GS1', 'Occupancy')).toBe(20_000);
    expect(model.getValue('DS2', 'Scale Weight')).toBe(90);
  });

  it('moves nothing while any gate of the path is closed', () => {
    const model = demoModel();
    model.setDumpScaleWeight('DS1', 500);
    command(model, [['DS1', 'Start', 1]]);
    model.advance(10_000);
    expect(model.getValue('DS1', 'Scale Weight')).toBe(500);
  });

  it('never takes a silo below zero', () => {
    const model = demoModel();
    model.setValue('WRB1', 'Occupancy', 3);
    command(model, [
      ['WRB1', 'Discharge Gate', 1],
      ['MB1', 'Open', 1],
    ]);
    model.advance(60_000);
    expect(model.getValue('WRB1', 'Occupancy')).toBe(0);
    expect(model.getValue('MB1', 'Scale Weight')).toBe(3);
  });
});

describe('roaster', () => {
  /** A roast runs minutes of plant time: steps of a second keep it quick, the echoes exact. */
  const roasterModel = (options: PlantModelOptions = {}, plant?: PlantDefinition) =>
    demoModel({ tickMs: 1_000, ...options }, plant);

  function chargeRoastDrop(model: PlantModel) {
    model.setValue('GS1', 'Occupancy', 2_000);
    command(model, [
      ['GS1', 'Discharge Gate', 1],
      ['CL1', 'Start', 1],
      ['R1', 'Charge Gate', 1],
      ['R1', 'Burner', 1],
      ['R1', 'Drum', 1],
    ]);
    expect(model.getValue('R1', 'Phase')).toBe(RoasterPhase.Idle);
    model.advance(1_000);
    expect(model.getValue('R1', 'Phase')).toBe(RoasterPhase.Charging);
    advanceUntil(model, () => model.getValue('R1', 'Green Weight') >= 500);
    model.advance(5_000);
    const green = model.getValue('R1', 'Green Weight');
    const silo = 2_000 - model.getValue('GS1', 'Occupancy');
    const waste = model.getValue('WB1', 'Occupancy');

    command(model, [
      ['R1', 'Charge Gate', 0],
      ['GS1', 'Discharge Gate', 0],
    ]);
    model.advance(1_000);
    expect(model.getValue('R1', 'Phase')).toBe(RoasterPhase.Roasting);
    advanceUntil(model, () => model.getValue('R1', 'Bean Temperature') >= 400, 15 * 60_000);
    expect(model.getValue('R1', 'First Crack')).toBe(1);

    command(model, [
      ['R1', 'Burner', 0],
      ['R1', 'Drop Door', 1],
    ]);
    model.advance(1_000);
    expect(model.getValue('R1', 'Phase')).toBe(RoasterPhase.Dropping);
    return { green, silo, waste, roasted: model.getValue('R1', 'Roasted Weight') };
  }

  it('charges the batch size through the cleaner, roasts into first crack, drops with the loss of a light roast, cools and discharges', () => {
    const model = roasterModel();
    const { green, silo, waste, roasted } = chargeRoastDrop(model);

    expect(green).toBe(500);
    expect(silo).toBeCloseTo(green + waste, 2);
    expect(waste).toBeCloseTo(silo * CLEANER_WASTE_FRACTION, 1);
    const loss = 1 - roasted / green;
    // Dropped at 400 °F BT, a minute or so into first crack: water and a little organic loss.
    expect(loss).toBeGreaterThanOrEqual(0.1);
    expect(loss).toBeLessThan(0.13);
    expect(model.getValue('R1', 'Bean Colour')).toBeGreaterThan(70);

    command(model, [
      ['R1', 'Drop Door', 0],
      ['R1', 'Cooling Tray', 1],
      ['WRB2', 'Inlet Gate', 1],
    ]);
    model.advance(1_000);
    expect(model.getValue('R1', 'Phase')).toBe(RoasterPhase.Cooling);
    advanceUntil(model, () => model.getValue('R1', 'Phase') === RoasterPhase.Idle);
    expect(model.getValue('WRB2', 'Occupancy')).toBe(roasted);
    expect(model.getValue('R1', 'Green Weight')).toBe(500);
    // The probe reads the empty drum, cooling with the burner off.
    expect(model.getValue('R1', 'Bean Temperature')).toBeLessThan(400);
  });

  it('keeps the plant running when a roaster has no Batch Size tag: it charges nothing', () => {
    const model = roasterModel({}, withoutTag('R1', 'Batch Size'));
    model.setValue('GS1', 'Occupancy', 2_000);
    command(model, [
      ['GS1', 'Discharge Gate', 1],
      ['CL1', 'Start', 1],
      ['R1', 'Charge Gate', 1],
    ]);
    model.advance(30_000);
    expect(model.getValue('R1', 'Green Weight')).toBe(0);
    expect(model.getValue('GS1', 'Occupancy')).toBe(2_000);
  });

  it('starts the next batch from zero weights', () => {
    const model = roasterModel();
    chargeRoastDrop(model);
    command(model, [
      ['R1', 'Drop Door', 0],
      ['R1', 'Cooling Tray', 1],
      ['WRB1', 'Inlet Gate', 1],
    ]);
    advanceUntil(model, () => model.getValue('R1', 'Phase') === RoasterPhase.Idle);
    command(model, [['R1', 'Charge Gate', 1]]);
    model.advance(100);
    expect(model.getValue('R1', 'Phase')).toBe(RoasterPhase.Charging);
    expect(model.getValue('R1', 'Roasted Weight')).toBe(0);
  });

  it('roasts the same batch alike for the same seed, a slightly different lot for another', () => {
    const first = chargeRoastDrop(roasterModel({ seed: 7 })).roasted;
    expect(chargeRoastDrop(roasterModel({ seed: 7 })).roasted).toBe(first);
    expect(chargeRoastDrop(roasterModel({ seed: 8 })).roasted).not.toBe(first);
  });

  it('lets nothing in through a charge gate opened while a batch is roasting', () => {
    const model = roasterModel();
    chargeRoastDrop(model);
    const before = model.getValue('GS1', 'Occupancy');
    command(model, [
      ['GS1', 'Discharge Gate', 1],
      ['R1', 'Charge Gate', 1],
    ]);
    model.advance(10_000);
    expect(model.getValue('GS1', 'Occupancy')).toBe(before);
  });
});

describe('packers', () => {
  it('draw a bin at their packing speed and count bags', () => {
    const model = demoModel();
    model.setValue('WRB1', 'Occupancy', 100);
    command(model, [
      ['WRB1', 'Discharge Gate', 1],
      ['PK1', 'Start', 1],
    ]);
    // 20 bags a minute of 5 lbs: 100 lbs a minute.
    model.advance(30_000);
    expect(model.getValue('WRB1', 'Occupancy')).toBeCloseTo(50, 0);
    expect(model.getValue('PK1', 'Bags Packed')).toBe(10);
    model.advance(31_000);
    expect(model.getValue('WRB1', 'Occupancy')).toBe(0);
    expect(model.getValue('PK1', 'Bags Packed')).toBe(20);
  });

  it('fill bags at a manual bagging station and show the bag on its scale', () => {
    const model = demoModel();
    model.setValue('REB1', 'Occupancy', 60);
    command(model, [
      ['REB1', 'Discharge Gate', 1],
      ['MB1', 'Open', 1],
    ]);
    model.advance(30_000);
    expect(model.getValue('MB1', 'Bags Packed')).toBe(2);
    expect(model.getValue('MB1', 'Scale Weight')).toBe(10);
  });

  it('draw nothing and keep the plant running when a packer has no Bag Size tag', () => {
    const model = demoModel({}, withoutTag('PK1', 'Bag Size'));
    model.setValue('WRB1', 'Occupancy', 100);
    command(model, [
      ['WRB1', 'Discharge Gate', 1],
      ['PK1', 'Start', 1],
    ]);
    model.advance(30_000);
    expect(model.getValue('PK1', 'Bags Packed')).toBe(0);
    expect(model.getValue('WRB1', 'Occupancy')).toBe(100);
  });
});

describe('alarms', () => {
  it('trip a device: feedbacks drop at once, return after the echo delay once cleared', () => {
    const model = demoModel();
    model.setValue('WRB1', 'Occupancy', 1_000);
    command(model, [
      ['WRB1', 'Discharge Gate', 1],
      ['PK2', 'Start', 1],
    ]);
    model.injectAlarm('PK2', 17);
    expect(model.getValue('PK2', 'Alarm Code')).toBe(17);
    expect(model.getValue('PK2', 'Running')).toBe(0);
    expect(model.getValue('PK2', 'Start')).toBe(1);
    model.advance(10_000);
    expect(model.getValue('WRB1', 'Occupancy')).toBe(1_000);

    model.clearAlarm('PK2');
    expect(model.getValue('PK2', 'Alarm Code')).toBe(0);
    model.advance(PlantConstants.echoDelayMs - 1);
    expect(model.getValue('PK2', 'Running')).toBe(0);
    model.advance(1);
    expect(model.getValue('PK2', 'Running')).toBe(1);
  });

  it('still confirm a mode switch on a tripped device', () => {
    const model = demoModel();
    model.injectAlarm('R2', 3);
    model.setValue('R2', 'Manual Mode', 1);
    model.advance(PlantConstants.modeDelayMs);
    expect(model.getValue('R2', 'Manual Mode Active')).toBe(1);
  });

  it('refuse codes a register cannot hold', () => {
    const model = demoModel();
    expect(() => model.injectAlarm('R1', 0)).toThrow(RangeError);
    expect(() => model.injectAlarm('R1', 70_000)).toThrow(RangeError);
  });
});

describe('transfer conveyors', () => {
  const greenSilos = ['GS1', 'GS2', 'GS3', 'GS4', 'GS5', 'GS6'];
  const roastedBins = ['WRB1', 'WRB2', 'WRB3', 'WRB4', 'REB1'];

  /** Sets the route and weight, starts the conveyor and lets 'Running' confirm the start. */
  function startTransfer(
    model: PlantModel,
    conveyor: string,
    source: number,
    target: number,
    lbs: number,
  ): void {
    command(model, [
      [conveyor, 'Transfer Source', source],
      [conveyor, 'Transfer Target', target],
      [conveyor, 'Transfer Weight', lbs],
      [conveyor, 'Start', 1],
    ]);
  }

  function centiLbsIn(model: PlantModel, deviceIds: string[]): number {
    return deviceIds.reduce((sum, id) => sum + toCentiLbs(model.getValue(id, 'Occupancy')), 0);
  }

  it('moves exactly the transfer weight from source to target at its rate, then reports done', () => {
    const model = demoModel();
    model.setValue('GS1', 'Occupancy', 5_000);
    model.setValue('GS2', 'Occupancy', 100);
    model.setValue('GS5', 'Occupancy', 7_777.77);
    const before = centiLbsIn(model, greenSilos);

    startTransfer(model, 'TC1', 1, 2, 1_234.56);
    model.advance(100);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Running);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(DemoFlowRates.greenTransfer / 10);

    // 1,234.56 lbs at 40 lbs/s take 30.864 s.
    model.advance(30_700);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Running);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(1_232);
    model.advance(100);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Done);

    model.advance(10_000);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(1_234.56);
    expect(model.getValue('GS1', 'Occupancy')).toBe(3_765.44);
    expect(model.getValue('GS2', 'Occupancy')).toBe(1_334.56);
    expect(model.getValue('GS5', 'Occupancy')).toBe(7_777.77);
    expect(centiLbsIn(model, greenSilos)).toBe(before);
  });

  it('reports no flow 2 s after the source ran empty and runs on once the source is refilled', () => {
    const model = demoModel();
    model.setValue('GS1', 'Occupancy', 100);
    startTransfer(model, 'TC1', 1, 3, 500);

    // 100 lbs at 40 lbs/s: empty after 2.5 s.
    model.advance(2_500);
    expect(model.getValue('GS1', 'Occupancy')).toBe(0);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(100);
    model.advance(PlantConstants.transferNoFlowMs - 100);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Running);
    model.advance(100);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.NoFlow);

    model.setValue('GS1', 'Occupancy', 1_000);
    model.advance(100);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Running);
    advanceUntil(model, () => model.getValue('TC1', 'Transfer State') === TransferState.Done);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(500);
    expect(model.getValue('GS1', 'Occupancy')).toBe(600);
    expect(model.getValue('GS3', 'Occupancy')).toBe(500);
  });

  it('reports no flow when the target is full and never fills it past capacity', () => {
    const model = demoModel();
    model.setValue('GS1', 'Occupancy', 1_000);
    model.setValue('GS2', 'Occupancy', 19_990);
    startTransfer(model, 'TC1', 1, 2, 500);
    model.advance(5_000);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.NoFlow);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(10);
    expect(model.getValue('GS2', 'Occupancy')).toBe(20_000);
    expect(model.getValue('GS1', 'Occupancy')).toBe(990);
  });

  it('refuses a route it cannot run and moves nothing', () => {
    const model = demoModel();
    model.setValue('GS1', 'Occupancy', 1_000);
    for (const [source, target] of [
      [1, 1],
      [0, 2],
      [1, 7],
    ] as const) {
      startTransfer(model, 'TC1', source, target, 100);
      model.advance(5_000);
      expect(model.getValue('TC1', 'Running'), `${source} -> ${target}`).toBe(1);
      expect(model.getValue('TC1', 'Transfer State'), `${source} -> ${target}`).toBe(
        TransferState.InvalidRoute,
      );
      command(model, [['TC1', 'Start', 0]]);
      model.advance(100);
      expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Idle);
    }
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(0);
    expect(model.getValue('GS1', 'Occupancy')).toBe(1_000);
    expect(centiLbsIn(model, greenSilos)).toBe(toCentiLbs(1_000));
  });

  it('runs no route without a route table in the topology', () => {
    const model = demoModel({ topology: { paths: [] } });
    model.setValue('GS1', 'Occupancy', 1_000);
    startTransfer(model, 'TC1', 1, 2, 100);
    model.advance(1_000);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.InvalidRoute);
    expect(model.getValue('GS1', 'Occupancy')).toBe(1_000);
  });

  it('keeps route numbers when a routed device is missing from the plant', () => {
    const withoutGs2: PlantDefinition = {
      ...demoPlant,
      devices: demoPlant.devices.filter((device) => device.device_id !== 'GS2'),
      tags: demoPlant.tags.filter((tag) => tag.device_id !== 'GS2'),
    };
    const model = demoModel({}, withoutGs2);
    model.setValue('GS1', 'Occupancy', 1_000);
    startTransfer(model, 'TC1', 1, 2, 100);
    model.advance(1_000);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.InvalidRoute);

    command(model, [['TC1', 'Start', 0]]);
    startTransfer(model, 'TC1', 1, 3, 100);
    model.advance(5_000);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Done);
    expect(model.getValue('GS3', 'Occupancy')).toBe(100);
  });

  it('keeps the transferred weight when stopped and counts from zero when restarted', () => {
    const model = demoModel();
    model.setValue('GS1', 'Occupancy', 1_000);
    startTransfer(model, 'TC1', 1, 2, 100);
    model.advance(5_000);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Done);

    command(model, [['TC1', 'Start', 0]]);
    model.advance(100);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Idle);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(100);

    startTransfer(model, 'TC1', 1, 2, 50);
    model.advance(100);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(DemoFlowRates.greenTransfer / 10);
    model.advance(5_000);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(50);
    expect(model.getValue('GS2', 'Occupancy')).toBe(150);
    expect(model.getValue('GS1', 'Occupancy')).toBe(850);
  });

  it('moves roasted beans from the re-entry bin, route 5, into a WRB bin', () => {
    const model = demoModel();
    model.setValue('REB1', 'Occupancy', 300);
    const before = centiLbsIn(model, roastedBins);
    startTransfer(model, 'TC2', 5, 3, 250);
    // 250 lbs at 25 lbs/s take 10 s.
    model.advance(9_900);
    expect(model.getValue('TC2', 'Transfer State')).toBe(TransferState.Running);
    model.advance(100);
    expect(model.getValue('TC2', 'Transfer State')).toBe(TransferState.Done);
    expect(model.getValue('TC2', 'Transferred Weight')).toBe(250);
    expect(model.getValue('WRB3', 'Occupancy')).toBe(250);
    expect(model.getValue('REB1', 'Occupancy')).toBe(50);
    expect(centiLbsIn(model, roastedBins)).toBe(before);
  });

  it('stops on an alarm and carries on from where it stopped once the alarm clears', () => {
    const model = demoModel();
    model.setValue('GS1', 'Occupancy', 1_000);
    startTransfer(model, 'TC1', 1, 2, 200);
    model.advance(2_000);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(80);

    model.injectAlarm('TC1', 9);
    expect(model.getValue('TC1', 'Running')).toBe(0);
    model.advance(10_000);
    expect(model.getValue('GS1', 'Occupancy')).toBe(920);
    expect(model.getValue('GS2', 'Occupancy')).toBe(80);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(80);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Running);

    model.clearAlarm('TC1');
    advanceUntil(model, () => model.getValue('TC1', 'Transfer State') === TransferState.Done);
    model.advance(10_000);
    expect(model.getValue('TC1', 'Transferred Weight')).toBe(200);
    expect(model.getValue('GS1', 'Occupancy')).toBe(800);
    expect(model.getValue('GS2', 'Occupancy')).toBe(200);
  });

  it('ends a tripped transfer when Start is written 0', () => {
    const model = demoModel();
    model.setValue('GS1', 'Occupancy', 1_000);
    startTransfer(model, 'TC1', 1, 2, 200);
    model.advance(1_000);
    model.injectAlarm('TC1', 9);
    command(model, [['TC1', 'Start', 0]]);
    model.advance(100);
    expect(model.getValue('TC1', 'Transfer State')).toBe(TransferState.Idle);
    const moved = model.getValue('TC1', 'Transferred Weight');

    model.clearAlarm('TC1');
    model.advance(10_000);
    expect(model.getValue('TC1', 'Running')).toBe(0);
    expect(model.getValue('GS2', 'Occupancy')).toBe(moved);
  });
});
