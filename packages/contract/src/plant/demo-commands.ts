/**
 * The demo plant's commands: their ids, the values of the registers that hold a state, and what
 * each command is (label, owner, data type, scale, feedback). demo-plant.ts lays them out on the
 * devices.
 */
import type { CommandKind, CommandOwner, PlantCommand, TagDataType } from './plant-model.ts';

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
  GreenMoisture: 28,
  GreenDensity: 29,
  RoastedMoisture: 30,
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

export interface CommandSpec {
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

export const binarySpecs: Record<number, CommandSpec> = {
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

export const inputSpecs: Record<number, CommandSpec> = {
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
  /**
   * The roasted beans' moisture, % of the roasted weight, as the NIR meter on the roasted-bean
   * side reads it at the drop; held until the next drop.
   */
  [DemoInput.RoastedMoisture]: { label: 'Roasted Moisture', owner: 'plc', ...percent },
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
  /**
   * The moisture of the green lot the console charges next, % of the green weight, and its
   * bulk density: the weighted mean of the batch's lots, written before the charge gate opens.
   * 0: not known, the roaster's own typical lot.
   */
  [DemoInput.GreenMoisture]: { label: 'Green Moisture', owner: 'app', ...percent },
  [DemoInput.GreenDensity]: {
    label: 'Green Density',
    owner: 'app',
    data_type: 'uint16',
    scale: 1,
    unit: 'g/L',
  },
};

export function toCommands(kind: CommandKind, specs: Record<number, CommandSpec>): PlantCommand[] {
  return Object.entries(specs).map(([id, spec]) => ({
    id: Number(id),
    kind,
    label: spec.label,
    owner: spec.owner,
    ...(spec.isSpeed ? { isSpeed: true } : {}),
    ...(spec.unit ? { unit: spec.unit } : {}),
  }));
}
