import { describe, expect, it } from 'vitest';
import { DemoBinary as B, DemoInput as I, type WorkflowStep } from '@roastery/contract';
import { batchSteps, type BatchPlant } from './batch-steps.ts';
import type { GreenLotFigures } from './green-lot-figures.ts';

const step = (
  id: number,
  device_id: string,
  type: 'binary' | 'input',
  command_id: number,
  command_value: number,
  wait_device: WorkflowStep['wait_device'] = [],
): WorkflowStep => ({
  id,
  sort_no: id,
  device_id,
  type,
  command_id,
  command_value,
  dynamic: false,
  wait_finish: true,
  wait_device,
  current_mode: null,
  color: null,
  timeout_s: 900,
});

const greenAtLeast = (lbs: number) => ({
  device_id: 'R1',
  type: 'input' as const,
  command_id: I.GreenWeight,
  condition: '>=' as const,
  command_value: lbs,
  is_silo: false,
});

/** The demo roast: batch size, charge from GS1 until 500 lbs, roast, land in WRB1. */
const roast: WorkflowStep[] = [
  step(1, 'R1', 'input', I.BatchSize, 500),
  step(2, 'CL1', 'binary', B.Start, 1),
  step(3, 'R1', 'binary', B.ChargeGate, 1),
  step(4, 'GS1', 'binary', B.DischargeGate, 1, [greenAtLeast(500)]),
  step(5, 'GS1', 'binary', B.DischargeGate, 0),
  step(6, 'R1', 'binary', B.ChargeGate, 0),
  step(7, 'WRB1', 'binary', B.InletGate, 1),
  step(8, 'R1', 'binary', B.DropDoor, 1),
  step(9, 'WRB1', 'binary', B.InletGate, 0),
];

const plant: BatchPlant = {
  isSiloDischarge: (s) =>
    s.device_id.startsWith('GS') && s.type === 'binary' && s.command_id === B.DischargeGate,
  isBinInlet: (s) =>
    s.device_id.startsWith('WRB') && s.type === 'binary' && s.command_id === B.InletGate,
  ref: (device_id, role) => {
    if (!device_id.startsWith('R')) return undefined;
    if (role === 'drop-requested') {
      return { device_id, command_kind: 'binary', command_id: B.DropRequested };
    }
    const ids = {
      'batch-size': I.BatchSize,
      'green-weight': I.GreenWeight,
      'bean-temperature': I.BeanTemperature,
      'green-moisture': I.GreenMoisture,
      'green-density': I.GreenDensity,
    };
    return { device_id, command_kind: 'input', command_id: ids[role] };
  },
};

const expand = (overrides: Partial<Parameters<typeof batchSteps>[0]> = {}) =>
  batchSteps({
    workflowName: 'Roast',
    steps: roast,
    roaster: 'R1',
    batchCenti: 33_333,
    draws: [
      { deviceCode: 'GS2', plannedCenti: 20_000 },
      { deviceCode: 'GS5', plannedCenti: 13_333 },
    ],
    destination: 'WRB3',
    plant,
    ...overrides,
  });

describe('batch steps', () => {
  it('charges from each planned silo up to the cumulative green weight, sets the batch size and lands in the destination', () => {
    const result = expand();
    if (!result.ok) throw new Error(result.problem);
    const view = result.steps.map((s) => [
      s.sort_no,
      s.device_id,
      s.command_id,
      s.command_value,
      s.wait_device.map((w) => `${w.device_id}>=${w.command_value}`).join(','),
    ]);
    expect(view).toEqual([
      [1, 'R1', I.BatchSize, 333.33, ''],
      [2, 'CL1', B.Start, 1, ''],
      [3, 'R1', B.ChargeGate, 1, ''],
      [4, 'GS2', B.DischargeGate, 1, 'R1>=200'],
      [5, 'GS2', B.DischargeGate, 0, ''],
      [6, 'GS5', B.DischargeGate, 1, 'R1>=333.33'],
      [7, 'GS5', B.DischargeGate, 0, ''],
      [8, 'R1', B.ChargeGate, 0, ''],
      [9, 'WRB3', B.InletGate, 1, ''],
      [10, 'R1', B.DropDoor, 1, ''],
      [11, 'WRB3', B.InletGate, 0, ''],
    ]);
    // New steps get new ids; the others keep theirs (dynamic values are keyed by id).
    expect(new Set(result.steps.map((s) => s.id)).size).toBe(11);
    expect(result.steps[1]?.id).toBe(2);
    expect(result.steps[3]?.timeout_s).toBe(900);
  });

  it('closes each silo but the last before its cumulative target by its preact', () => {
    const result = expand({
      draws: [
        { deviceCode: 'GS2', plannedCenti: 20_000, preactCenti: 1_050 },
        { deviceCode: 'GS5', plannedCenti: 13_333, preactCenti: 0 },
      ],
    });
    if (!result.ok) throw new Error(result.problem);
    const opens = result.steps.filter((s) => plant.isSiloDischarge(s) && s.command_value === 1);
    expect(opens.map((s) => [s.device_id, s.wait_device.map((w) => w.command_value)])).toEqual([
      ['GS2', [189.5]],
      ['GS5', [333.33]],
    ]);
  });

  it('adds the batch size when the workflow does not set it, and keeps the bin without a destination', () => {
    const result = expand({ steps: roast.slice(1), destination: null });
    if (!result.ok) throw new Error(result.problem);
    expect(result.steps[0]).toMatchObject({
      device_id: 'R1',
      command_id: I.BatchSize,
      command_value: 333.33,
      dynamic: false,
    });
    expect(result.steps.filter((s) => plant.isBinInlet(s)).map((s) => s.device_id)).toEqual([
      'WRB1',
      'WRB1',
    ]);
  });

  it("writes the green lot's moisture and density before the charge, 0 for what nobody knows, and 0 once done", () => {
    const written = (greenLot: GreenLotFigures) => {
      const result = expand({ steps: roast.slice(1), greenLot });
      if (!result.ok) throw new Error(result.problem);
      const view = result.steps.map((s) => [s.device_id, s.command_id, s.command_value]);
      return { first: view.slice(0, 4), last: view.slice(-3) };
    };
    expect(written({ moisturePct: 12.5, densityGPerL: 720 })).toEqual({
      first: [
        ['R1', I.BatchSize, 333.33],
        ['R1', I.GreenMoisture, 12.5],
        ['R1', I.GreenDensity, 720],
        ['CL1', B.Start, 1],
      ],
      last: [
        ['WRB3', B.InletGate, 0],
        ['R1', I.GreenMoisture, 0],
        ['R1', I.GreenDensity, 0],
      ],
    });
    expect(written({ moisturePct: null, densityGPerL: 690 }).first.slice(1, 3)).toEqual([
      ['R1', I.GreenMoisture, 0],
      ['R1', I.GreenDensity, 690],
    ]);
    // A workflow that writes them itself keeps its step, with the batch's values.
    const own = expand({
      steps: [step(20, 'R1', 'input', I.GreenMoisture, 11), ...roast],
      greenLot: { moisturePct: 9.5, densityGPerL: null },
    });
    if (!own.ok) throw new Error(own.problem);
    expect(
      own.steps
        .filter((s) => s.command_id === I.GreenMoisture || s.command_id === I.GreenDensity)
        .map((s) => [s.command_id, s.command_value]),
    ).toEqual([
      [I.GreenDensity, 0],
      [I.GreenMoisture, 9.5],
      [I.GreenMoisture, 0],
      [I.GreenDensity, 0],
    ]);
  });

  it('writes no green lot to a roaster without the registers for it', () => {
    const bare: BatchPlant = {
      ...plant,
      ref: (device_id, role) =>
        role === 'green-moisture' || role === 'green-density'
          ? undefined
          : plant.ref(device_id, role),
    };
    const result = expand({ plant: bare, greenLot: { moisturePct: 12.5, densityGPerL: 720 } });
    if (!result.ok) throw new Error(result.problem);
    expect(result.steps).toEqual((expand() as { steps: WorkflowStep[] }).steps);
  });

  it('refuses a workflow that charges from no silo', () => {
    expect(expand({ steps: roast.filter((s) => !s.device_id.startsWith('GS')) })).toEqual({
      ok: false,
      problem:
        "The roasting workflow 'Roast' has no step that opens a green silo's discharge gate, so its batches cannot be charged from the planned silos.",
    });
  });

  it("ends a profiled batch's roast on the profile's drop request instead of the bean temperature", () => {
    const roastTo400: WorkflowStep[] = roast.map((s) =>
      s.id === 6
        ? {
            ...s,
            wait_device: [
              {
                device_id: 'R1',
                type: 'input',
                command_id: I.BeanTemperature,
                condition: '>=',
                command_value: 400,
                is_silo: false,
              },
            ],
          }
        : s,
    );
    const waits = (profiled: boolean) => {
      const result = expand({ steps: roastTo400, profiled });
      if (!result.ok) throw new Error(result.problem);
      return result.steps
        .filter((s) => s.wait_device.length > 0 && s.device_id === 'R1')
        .map((s) => s.wait_device.map((w) => [w.type, w.command_id, w.condition, w.command_value]));
    };
    expect(waits(false)).toEqual([[['input', I.BeanTemperature, '>=', 400]]]);
    expect(waits(true)).toEqual([[['binary', B.DropRequested, '=', 1]]]);
  });
});
