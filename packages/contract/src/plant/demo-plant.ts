/**
 * The demo plant: a small coffee roastery as data. The database seeds it on an empty database and
 * the simulator serves the same address map, so both always agree on every tag.
 *
 * Address map: every real device owns a block of DEMO_BLOCK_SIZE coils and DEMO_BLOCK_SIZE holding
 * registers starting at deviceIndex * DEMO_BLOCK_SIZE, in the order of `demoDevices` (virtual
 * devices have no block). Inside a block:
 * - coils: 0 'Manual Mode', 1 'Manual Mode Active', then each app coil of the type followed
 *   directly by its plc feedback coil;
 * - holding registers: 0 'Alarm Code', then the plc-owned values, then from offset
 *   DEMO_APP_REGISTER_OFFSET the app-owned set-points. So offsets 0-15 hold everything the PLC
 *   reports and a scanner can read them in one range per device.
 */
import type {
  PlantDefinition,
  PlantDevice,
  PlantDeviceType,
  PlantTag,
  TagDataType,
} from './plant-model.ts';
import { Stage } from './plant-model.ts';
import {
  DemoBinary,
  DemoDeviceType,
  DemoInput,
  binarySpecs,
  inputSpecs,
  toCommands,
} from './demo-commands.ts';

export {
  BurnerControl,
  DemoBinary,
  DemoDeviceType,
  DemoInput,
  RoasterPhase,
  TransferState,
} from './demo-commands.ts';

export const DEMO_BLOCK_SIZE = 32;
export const DEMO_APP_REGISTER_OFFSET = 16;

const B = DemoBinary;
const I = DemoInput;
const standardBinary = [B.ManualMode, B.ManualModeActive];
const standardInput = [I.AlarmCode];

/** Per device type: the app coils it offers (each brings its feedback) and its input commands. */
const typeSpecs: {
  type: PlantDeviceType;
  appCoils: number[];
  inputs: number[];
  /** Virtual types have no PLC behind them, so not even the standard commands. */
  virtual?: true;
}[] = [
  {
    type: { id: DemoDeviceType.DumpStation, name: 'Dump Station', image: 'dump-station.svg' },
    appCoils: [B.Start],
    inputs: [I.ScaleWeight],
  },
  {
    type: { id: DemoDeviceType.GreenSilo, name: 'Silo Bin', image: 'green-silo.svg' },
    appCoils: [B.InletGate, B.DischargeGate],
    inputs: [I.Occupancy],
  },
  {
    type: { id: DemoDeviceType.Cleaner, name: 'Cleaner / Destoner', image: 'cleaner.svg' },
    appCoils: [B.Start],
    inputs: [],
  },
  {
    type: { id: DemoDeviceType.WasteBin, name: 'Waste Bin', image: 'waste-bin.svg' },
    appCoils: [],
    inputs: [I.Occupancy],
  },
  {
    type: { id: DemoDeviceType.Roaster, name: 'Roaster', image: 'roaster.svg' },
    appCoils: [B.ChargeGate, B.Burner, B.Drum, B.DropDoor, B.CoolingTray, B.DropRequest],
    inputs: [
      I.Phase,
      I.BeanTemperature,
      I.GreenWeight,
      I.RoastedWeight,
      I.BatchSize,
      I.BurnerSetPoint,
      I.DrumSpeed,
      // Appended so that no existing register moves: plc values take offsets 7-13, app 20-24.
      I.EnvironmentTemperature,
      I.InletTemperature,
      I.BeanColour,
      I.FirstCrack,
      I.RoastTime,
      I.BurnerOutput,
      I.BurnerPower,
      I.Airflow,
      I.BurnerControl,
      I.GreenMoisture,
      I.GreenDensity,
      I.RoastedMoisture,
    ],
  },
  {
    type: { id: DemoDeviceType.WrbBin, name: 'WRB Bin', image: 'wrb-bin.svg' },
    appCoils: [B.InletGate, B.DischargeGate],
    inputs: [I.Occupancy],
  },
  {
    type: { id: DemoDeviceType.ReEntryBin, name: 'Re-entry Bin', image: 're-entry-bin.svg' },
    appCoils: [B.DischargeGate],
    inputs: [I.Occupancy],
  },
  {
    type: { id: DemoDeviceType.Packer, name: 'Packer', image: 'packer.svg' },
    appCoils: [B.Start],
    inputs: [I.BagsPacked, I.BagSize, I.PackingSpeed],
  },
  {
    type: {
      id: DemoDeviceType.ManualBagging,
      name: 'Manual Bagging Station',
      image: 'manual-bagging.svg',
    },
    appCoils: [B.Open],
    inputs: [I.ScaleWeight, I.BagsPacked, I.BagSize],
  },
  {
    type: {
      id: DemoDeviceType.TransferConveyor,
      name: 'Transfer Conveyor',
      image: 'transfer-conveyor.svg',
    },
    appCoils: [B.Start],
    inputs: [
      I.TransferredWeight,
      I.TransferState,
      I.TransferSource,
      I.TransferTarget,
      I.TransferWeight,
    ],
  },
  {
    type: { id: DemoDeviceType.VirtualBin, name: 'Virtual Bin', image: 'virtual-bin.svg' },
    appCoils: [],
    inputs: [],
    virtual: true,
  },
];

function feedbackOf(appCoil: number): number {
  const feedback = binarySpecs[appCoil]?.feedback;
  if (feedback === undefined) throw new Error(`binary command ${appCoil} has no feedback`);
  return feedback;
}

function typeSpecOf(typeId: number) {
  const spec = typeSpecs.find((candidate) => candidate.type.id === typeId);
  if (!spec) throw new Error(`unknown demo device type ${typeId}`);
  return spec;
}

const silo = (n: number): PlantDevice => ({
  device_id: `GS${n}`,
  device_name: `Green Silo ${n}`,
  device_description: `Green bean silo ${n}, 20,000 lbs`,
  device_type: DemoDeviceType.GreenSilo,
  device_stage: Stage.Green,
  device_unit: 'lbs',
  capacity: 20_000,
});

const wrbBin = (n: number): PlantDevice => ({
  device_id: `WRB${n}`,
  device_name: `WRB Bin ${n}`,
  device_description: `Whole roasted bean bin ${n}, 5,000 lbs`,
  device_type: DemoDeviceType.WrbBin,
  device_stage: Stage.Roasted,
  device_unit: 'lbs',
  capacity: 5_000,
});

const dumpStation = (n: number): PlantDevice => ({
  device_id: `DS${n}`,
  device_name: `Dump Station ${n}`,
  device_description: `Green bean bag intake ${n} with a scale`,
  device_type: DemoDeviceType.DumpStation,
  device_stage: Stage.Green,
  device_unit: 'lbs',
});

const roaster = (n: number, batchLbs: number): PlantDevice => ({
  device_id: `R${n}`,
  device_name: `Roaster ${n}`,
  device_description: `Drum roaster ${n}, ${batchLbs} lb batches`,
  device_type: DemoDeviceType.Roaster,
  device_stage: Stage.Roasting,
  device_unit: 'lbs',
});

const packer = (n: number): PlantDevice => ({
  device_id: `PK${n}`,
  device_name: `Packer ${n}`,
  device_description: `Automatic bagging line ${n}`,
  device_type: DemoDeviceType.Packer,
  device_stage: Stage.Packing,
  device_unit: 'bags',
});

/** Real devices in block order: a device's index here is its address block. */
const demoDevices: PlantDevice[] = [
  dumpStation(1),
  dumpStation(2),
  ...[1, 2, 3, 4, 5, 6].map(silo),
  {
    device_id: 'CL1',
    device_name: 'Cleaner / Destoner',
    device_description: 'Removes stones and debris from green beans before roasting',
    device_type: DemoDeviceType.Cleaner,
    device_stage: Stage.Green,
    device_unit: 'lbs',
  },
  {
    device_id: 'WB1',
    device_name: 'Waste Bin',
    device_description: 'Collects what the cleaner / destoner removes',
    device_type: DemoDeviceType.WasteBin,
    device_stage: Stage.Green,
    device_unit: 'lbs',
  },
  roaster(1, 500),
  roaster(2, 250),
  ...[1, 2, 3, 4].map(wrbBin),
  {
    device_id: 'REB1',
    device_name: 'Re-entry Bin',
    device_description: 'Roasted beans returned for rework',
    device_type: DemoDeviceType.ReEntryBin,
    device_stage: Stage.Roasted,
    device_unit: 'lbs',
  },
  packer(1),
  packer(2),
  {
    device_id: 'MB1',
    device_name: 'Manual Bagging Station',
    device_description: 'Hand-filled bags on a scale',
    device_type: DemoDeviceType.ManualBagging,
    device_stage: Stage.Packing,
    device_unit: 'lbs',
  },
  // Appended after the original plant so that no existing device's address block moves.
  {
    device_id: 'TC1',
    device_name: 'Green Transfer Conveyor',
    device_description:
      'Moves green beans between the green silos GS1-GS6; route numbers 1-6 are GS1-GS6',
    device_type: DemoDeviceType.TransferConveyor,
    device_stage: Stage.Green,
    device_unit: 'lbs',
  },
  {
    device_id: 'TC2',
    device_name: 'Roasted Transfer Conveyor',
    device_description:
      'Moves roasted beans between the bins; route numbers 1-4 are WRB1-WRB4, 5 is REB1',
    device_type: DemoDeviceType.TransferConveyor,
    device_stage: Stage.Roasted,
    device_unit: 'lbs',
  },
];

const virtualDevices: PlantDevice[] = [
  {
    device_id: 'vbin',
    device_name: 'vbin',
    device_description: 'Virtual bin for accounting only; never shown',
    device_type: DemoDeviceType.VirtualBin,
    device_stage: Stage.Roasted,
    device_unit: 'lbs',
    virtual: true,
  },
  {
    device_id: 'vibin',
    device_name: 'vibin',
    device_description: 'Virtual intake bin for accounting only; never shown',
    device_type: DemoDeviceType.VirtualBin,
    device_stage: Stage.Green,
    device_unit: 'lbs',
    virtual: true,
  },
];

function registerWidth(dataType: TagDataType): number {
  return dataType === 'uint32' || dataType === 'int32' ? 2 : 1;
}

function coilTag(deviceId: string, id: number, address: number, feedback?: number): PlantTag {
  return {
    device_id: deviceId,
    command_kind: 'binary',
    command_id: id,
    area: 'coil',
    address,
    data_type: 'bool',
    scale: 1,
    ...(feedback === undefined ? {} : { feedback_command_id: feedback }),
  };
}

function registerTag(deviceId: string, id: number, address: number): PlantTag {
  const spec = inputSpecs[id];
  if (!spec?.data_type || spec.scale === undefined) {
    throw new Error(`input command ${id} has no encoding`);
  }
  return {
    device_id: deviceId,
    command_kind: 'input',
    command_id: id,
    area: 'holding',
    address,
    data_type: spec.data_type,
    scale: spec.scale,
  };
}

function deviceTags(device: PlantDevice, index: number): PlantTag[] {
  const base = index * DEMO_BLOCK_SIZE;
  const spec = typeSpecOf(device.device_type);
  const tags: PlantTag[] = [];

  let coil = base;
  for (const appCoil of [B.ManualMode, ...spec.appCoils]) {
    const feedback = feedbackOf(appCoil);
    tags.push(coilTag(device.device_id, appCoil, coil, feedback));
    tags.push(coilTag(device.device_id, feedback, coil + 1));
    coil += 2;
  }

  const inputs = [I.AlarmCode, ...spec.inputs];
  let plcRegister = base;
  let appRegister = base + DEMO_APP_REGISTER_OFFSET;
  for (const input of inputs) {
    if (inputSpecs[input]?.owner === 'app') {
      const tag = registerTag(device.device_id, input, appRegister);
      appRegister += registerWidth(tag.data_type);
      tags.push(tag);
    } else {
      const tag = registerTag(device.device_id, input, plcRegister);
      plcRegister += registerWidth(tag.data_type);
      tags.push(tag);
    }
  }
  return tags;
}

function typeCommandsOf(): PlantDefinition['typeCommands'] {
  return typeSpecs.flatMap(({ type, appCoils, inputs, virtual }) => {
    if (virtual) return [];
    const binary = [...standardBinary, ...appCoils.flatMap((id) => [id, feedbackOf(id)])];
    return [
      { device_type: type.id, kind: 'binary' as const, command_ids: binary },
      { device_type: type.id, kind: 'input' as const, command_ids: [...standardInput, ...inputs] },
    ];
  });
}

export const demoPlant: PlantDefinition = {
  unitId: 1,
  deviceTypes: typeSpecs.map((spec) => spec.type),
  devices: [...demoDevices, ...virtualDevices],
  commands: [...toCommands('binary', binarySpecs), ...toCommands('input', inputSpecs)],
  typeCommands: typeCommandsOf(),
  tags: demoDevices.flatMap(deviceTags),
};

/** Batch sizes of the demo roasters, in lbs (design: one 500 lb and one 250 lb roaster). */
export const demoRoasterBatchLbs: Record<string, number> = { R1: 500, R2: 250 };

/**
 * The demo lines' nameplates for OEE. A roaster's ideal cycle in minutes: a drum roaster roasts
 * about 15 minutes and charges and drops in 2 or 3 more, a smaller drum a little faster. A
 * packer's rated rate in lbs per hour: 20 five-lb bags a minute, its simulated set-points. The
 * manual bagging station has none: a person's pace is no nameplate.
 */
export const demoRoasterIdealCycleMinutes: Record<string, number> = { R1: 18, R2: 16 };
export const demoPackerRatedLbsPerHour: Record<string, number> = { PK1: 6_000, PK2: 6_000 };

/**
 * Route tables of the demo transfer conveyors, as their PLC programs hold them: route number n
 * (1-based) in 'Transfer Source' or 'Transfer Target' is the n-th device of the conveyor's list.
 */
export const demoTransferRoutes: Record<string, string[]> = {
  TC1: ['GS1', 'GS2', 'GS3', 'GS4', 'GS5', 'GS6'],
  TC2: ['WRB1', 'WRB2', 'WRB3', 'WRB4', 'REB1'],
};
