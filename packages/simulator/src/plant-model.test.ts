import { RoasterPhase, demoPlant } from '@roastery/contract';
import { describe, expect, it } from 'vitest';
import { CLEANER_WASTE_FRACTION, DemoFlowRates } from './flow-topology.ts';
import type { PlantModelOptions } from './plant-model.ts';
import { PlantModel } from './plant-model.ts';
import { PlantConstants } from './plant-constants.ts';
import { RegisterStore } from './register-store.ts';

function demoModel(options: PlantModelOptions = {}): PlantModel {
  return new PlantModel(new RegisterStore(demoPlant), options);
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
    advanceUntil(model, () => model.getValue('R1', 'Bean Temperature') >= 430);

    command(model, [['R1', 'Drop Door', 1]]);
    model.advance(1_000);
    expect(model.getValue('R1', 'Phase')).toBe(RoasterPhase.Dropping);
    return { green, silo, waste, roasted: model.getValue('R1', 'Roasted Weight') };
  }

  it('charges the batch size through the cleaner, roasts, drops with about 15% loss, cools and discharges', () => {
    const model = demoModel();
    const { green, silo, waste, roasted } = chargeRoastDrop(model);

    expect(green).toBe(500);
    expect(silo).toBeCloseTo(green + waste, 2);
    expect(waste).toBeCloseTo(silo * CLEANER_WASTE_FRACTION, 1);
    const loss = 1 - roasted / green;
    expect(loss).toBeGreaterThanOrEqual(PlantConstants.roastLoss - PlantConstants.roastLossJitter);
    expect(loss).toBeLessThanOrEqual(PlantConstants.roastLoss + PlantConstants.roastLossJitter);

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
    expect(model.getValue('R1', 'Bean Temperature')).toBeLessThan(430);
  });

  it('starts the next batch from zero weights', () => {
    const model = demoModel();
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

  it('draws the same loss for the same seed and another for another seed', () => {
    const first = chargeRoastDrop(demoModel({ seed: 7 })).roasted;
    expect(chargeRoastDrop(demoModel({ seed: 7 })).roasted).toBe(first);
    expect(chargeRoastDrop(demoModel({ seed: 8 })).roasted).not.toBe(first);
  });

  it('lets nothing in through a charge gate opened while a batch is roasting', () => {
    const model = demoModel();
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
