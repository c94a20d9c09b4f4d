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
  CommandKind,
  CommandOwner,
  PlantCommand,
  PlantDefinition,
  PlantDevice,
  PlantDeviceType,
  PlantTag,
  TagDataType,
} from './plant-model.ts';
import { Stage } from './plant-model.ts';

export const DEMO_BLOCK_SIZE = 32;
export const DEMO_APP_REGISTER_OFFSET = 16;

/** Binary command ids (coils). Ids are a separate space from input command ids. */
export const DemoBinary = {
  ManualMode: 1,
  ManualModeActive: 2,
  Start: 3,
  Running: 4,
  Open: 5,
  Opened: 6,
  InletGate: 7,
  InletGateOpened: 8,
  DischargeGate: 9,
  DischargeGateOpened: 10,
  ChargeGate: 11,
  ChargeGateOpened: 12,
  Burner: 13,
  BurnerOn: 14,
  Drum: 15,
  DrumRunning: 16,
  DropDoor: 17,
  DropDoorOpened: 18,
  CoolingTray: 19,
  CoolingTrayRunning: 20,
  DropRequest: 21,
  DropRequested: 22,
} as const;

/** Input command ids (holding registers). */
export const DemoInput = {
  AlarmCode: 1,
  Occupancy: 2,
  ScaleWeight: 3,
  Phase: 4,
  BeanTemperature: 5,
  GreenWeight: 6,
  RoastedWeight: 7,
  BagsPacked: 8,
  BatchSize: 9,
  BurnerSetPoint: 10,
  DrumSpeed: 11,
  BagSize: 12,
  PackingSpeed: 13,
  TransferSource: 14,
  TransferTarget: 15,
  TransferWeight: 16,
  TransferredWeight: 17,
  TransferState: 18,
  EnvironmentTemperature: 19,
  InletTemperature: 20,
  BeanColour: 21,
  FirstCrack: 22,
  BurnerOutput: 23,
  BurnerPower: 24,
  Airflow: 25,
  BurnerControl: 26,
  RoastTime: 27,
} as const;

/** Values of a roaster's 'Phase' register. */
export const RoasterPhase = {
  Idle: 0,
  Charging: 1,
  Roasting: 2,
  Dropping: 3,
  Cooling: 4,
} as const;

/**
 * Values of a roaster's 'Burner Control' register: who sets the burner. SetPoint: the PLC's own
 * controller holds 'Bean Temperature' towards 'Burner Set-point'; Console: the burner fires at
 * 'Burner Power' as the console writes it (its own profile controller).
 */
export const BurnerControl = {
  SetPoint: 0,
  Console: 1,
} as const;

/**
 * Values of a transfer conveyor's 'Transfer State' register. NoFlow: nothing has moved for a
 * while because the source is empty or the target full; it returns to Running once beans move.
 * InvalidRoute: the route numbers at the start were out of range, equal or unusable.
 */
export const TransferState = {
  Idle: 0,
  Running: 1,
  Done: 2,
  NoFlow: 3,
  InvalidRoute: 4,
} as const;

export const DemoDeviceType = {
  DumpStation: 1,
  Cleaner: 2,
  WasteBin: 3,
  Roaster: 4,
  ReEntryBin: 5,
  Packer: 6,
  ManualBagging: 7,
  WrbBin: 8,
  VirtualBin: 9,
  TransferConveyor: 10,
  GreenSilo: 13,
} as const;

interface CommandSpec {
  label: string;
  owner: CommandOwner;
  /** For app coils: the plc coil that confirms them. */
  feedback?: number;
  /** For input commands: how the register encodes the value. */
  data_type?: TagDataType;
  scale?: number;
  unit?: string;
  isSpeed?: boolean;
}

const binarySpecs: Record<number, CommandSpec> = {
  [DemoBinary.ManualMode]: {
    label: 'Manual Mode',
    owner: 'app',
    feedback: DemoBinary.ManualModeActive,
  },
  [DemoBinary.ManualModeActive]: { label: 'Manual Mode Active', owner: 'plc' },
  [DemoBinary.Start]: { label: 'Start', owner: 'app', feedback: DemoBinary.Running },
  [DemoBinary.Running]: { label: 'Running', owner: 'plc' },
  [DemoBinary.Open]: { label: 'Open', owner: 'app', feedback: DemoBinary.Opened },
  [DemoBinary.Opened]: { label: 'Opened', owner: 'plc' },
  [DemoBinary.InletGate]: {
    label: 'Inlet Gate',
    owner: 'app',
    feedback: DemoBinary.InletGateOpened,
  },
  [DemoBinary.InletGateOpened]: { label: 'Inlet Gate Opened', owner: 'plc' },
  [DemoBinary.DischargeGate]: {
    label: 'Discharge Gate',
    owner: 'app',
    feedback: DemoBinary.DischargeGateOpened,
  },
  [DemoBinary.DischargeGateOpened]: { label: 'Discharge Gate Opened', owner: 'plc' },
  [DemoBinary.ChargeGate]: {
    label: 'Charge Gate',
    owner: 'app',
    feedback: DemoBinary.ChargeGateOpened,
  },
  [DemoBinary.ChargeGateOpened]: { label: 'Charge Gate Opened', owner: 'plc' },
  [DemoBinary.Burner]: { label: 'Burner', owner: 'app', feedback: DemoBinary.BurnerOn },
  [DemoBinary.BurnerOn]: { label: 'Burner On', owner: 'plc' },
  [DemoBinary.Drum]: { label: 'Drum', owner: 'app', feedback: DemoBinary.DrumRunning },
  [DemoBinary.DrumRunning]: { label: 'Drum Running', owner: 'plc' },
  [DemoBinary.DropDoor]: { label: 'Drop Door', owner: 'app', feedback: DemoBinary.DropDoorOpened },
  [DemoBinary.DropDoorOpened]: { label: 'Drop Door Opened', owner: 'plc' },
  [DemoBinary.CoolingTray]: {
    label: 'Cooling Tray',
    owner: 'app',
    feedback: DemoBinary.CoolingTrayRunning,
  },
  [DemoBinary.CoolingTrayRunning]: { label: 'Cooling Tray Running', owner: 'plc' },
  /**
   * The end of a roast, asked of the roaster's sequence: the console's profile controller sets it
   * when the profile's end condition is reached (an operator may, in manual mode), and a roasting
   * order's workflow drops on its feedback.
   */
  [DemoBinary.DropRequest]: {
    label: 'Drop Request',
    owner: 'app',
    feedback: DemoBinary.DropRequested,
  },
  [DemoBinary.DropRequested]: { label: 'Drop Requested', owner: 'plc' },
};

const lbs = { data_type: 'uint32', scale: 100, unit: 'lbs' } as const;
const degreesF = { data_type: 'int16', scale: 10, unit: '°F' } as const;
const percent = { data_type: 'uint16', scale: 10, unit: '%' } as const;

const inputSpecs: Record<number, CommandSpec> = {
  [DemoInput.AlarmCode]: { label: 'Alarm Code', owner: 'plc', data_type: 'uint16', scale: 1 },
  [DemoInput.Occupancy]: { label: 'Occupancy', owner: 'plc', ...lbs },
  [DemoInput.ScaleWeight]: { label: 'Scale Weight', owner: 'plc', ...lbs },
  [DemoInput.Phase]: { label: 'Phase', owner: 'plc', data_type: 'uint16', scale: 1 },
  [DemoInput.BeanTemperature]: { label: 'Bean Temperature', owner: 'plc', ...degreesF },
  [DemoInput.GreenWeight]: { label: 'Green Weight', owner: 'plc', ...lbs },
  [DemoInput.RoastedWeight]: { label: 'Roasted Weight', owner: 'plc', ...lbs },
  [DemoInput.BagsPacked]: {
    label: 'Bags Packed',
    owner: 'plc',
    data_type: 'uint32',
    scale: 1,
    unit: 'bags',
  },
  [DemoInput.BatchSize]: { label: 'Batch Size', owner: 'app', ...lbs },
  [DemoInput.BurnerSetPoint]: {
    label: 'Burner Set-point',
    owner: 'app',
    data_type: 'uint16',
    scale: 1,
    unit: '°F',
  },
  [DemoInput.DrumSpeed]: {
    label: 'Drum Speed',
    owner: 'app',
    data_type: 'uint16',
    scale: 1,
    unit: 'rpm',
    isSpeed: true,
  },
  [DemoInput.BagSize]: {
    label: 'Bag Size',
    owner: 'app',
    data_type: 'uint16',
    scale: 100,
    unit: 'lbs',
  },
  [DemoInput.PackingSpeed]: {
    label: 'Packing Speed',
    owner: 'app',
    data_type: 'uint16',
    scale: 1,
    unit: 'bags/min',
    isSpeed: true,
  },
  [DemoInput.TransferSource]: {
    label: 'Transfer Source',
    owner: 'app',
    data_type: 'uint16',
    scale: 1,
  },
  [DemoInput.TransferTarget]: {
    label: 'Transfer Target',
    owner: 'app',
    data_type: 'uint16',
    scale: 1,
  },
  [DemoInput.TransferWeight]: { label: 'Transfer Weight', owner: 'app', ...lbs },
  [DemoInput.TransferredWeight]: { label: 'Transferred Weight', owner: 'plc', ...lbs },
  [DemoInput.TransferState]: {
    label: 'Transfer State',
    owner: 'plc',
    data_type: 'uint16',
    scale: 1,
  },
  /** The drum air's temperature (ET). */
  [DemoInput.EnvironmentTemperature]: {
    label: 'Environment Temperature',
    owner: 'plc',
    ...degreesF,
  },
  /** The hot air entering the drum from the burner chamber. */
  [DemoInput.InletTemperature]: { label: 'Inlet Temperature', owner: 'plc', ...degreesF },
  /** The roaster's whole-bean colour reading, Agtron-like: about 95 very light to 35 very dark. */
  [DemoInput.BeanColour]: {
    label: 'Bean Colour',
    owner: 'plc',
    data_type: 'uint16',
    scale: 10,
    unit: 'Agtron',
  },
  /** 1 from the moment the acoustic crack detector hears first crack until the next charge. */
  [DemoInput.FirstCrack]: { label: 'First Crack', owner: 'plc', data_type: 'uint16', scale: 1 },
  /** Seconds since the batch's first beans went in; held at drop until the next charge. */
  [DemoInput.RoastTime]: {
    label: 'Roast Time',
    owner: 'plc',
    data_type: 'uint16',
    scale: 1,
    unit: 's',
  },
  /** What the burner fires at, whoever sets it. */
  [DemoInput.BurnerOutput]: { label: 'Burner Output', owner: 'plc', ...percent },
  /** The burner's power while 'Burner Control' is Console. */
  [DemoInput.BurnerPower]: { label: 'Burner Power', owner: 'app', ...percent },
  /** The exhaust fan's share of its full flow. */
  [DemoInput.Airflow]: { label: 'Airflow', owner: 'app', ...percent },
  /** See BurnerControl. */
  [DemoInput.BurnerControl]: {
    label: 'Burner Control',
    owner: 'app',
    data_type: 'uint16',
    scale: 1,
  },
};

function toCommands(kind: CommandKind, specs: Record<number, CommandSpec>): PlantCommand[] {
  return Object.entries(specs).map(([id, spec]) => ({
    id: Number(id),
    kind,
    label: spec.label,
    owner: spec.owner,
    ...(spec.isSpeed ? { isSpeed: true } : {}),
    ...(spec.unit ? { unit: spec.unit } : {}),
  }));
}

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
      // Appended so that no existing register moves: plc values take offsets 7-12, app 20-22.
      I.EnvironmentTemperature,
      I.InletTemperature,
      I.BeanColour,
      I.FirstCrack,
      I.RoastTime,
      I.BurnerOutput,
      I.BurnerPower,
      I.Airflow,
      I.BurnerControl,
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
