/**
 * The plant as data: device types, devices, commands and the PLC tag of every
 * (device, command). The database seeds the demo plant from this; the simulator serves the
 * same address map; an administrator edits the same shapes for a real plant.
 */

export const Stage = { Green: 1, Roasting: 2, Roasted: 3, Packing: 4 } as const;
export type StageId = (typeof Stage)[keyof typeof Stage];
export const stageNames: Record<StageId, string> = {
  1: 'Green',
  2: 'Roasting',
  3: 'Roasted',
  4: 'Packing',
};

/** Device type ids whose devices carry a capacity (spec: types 13 and 8). */
export const CAPACITY_TYPE_IDS: readonly number[] = [8, 13];
/** The device types a roasting batch draws from and lands in (the spec's capacity types). */
export const GREEN_SILO_TYPE_ID = 13;
export const ROASTED_BIN_TYPE_ID = 8;
/** The type of the bin that collects what the cleaner / destoner removes from green beans. */
export const WASTE_BIN_TYPE_ID = 3;

export type CommandKind = 'binary' | 'input';
/** 'app': the console writes it. 'plc': the PLC writes it and the console reads it back. */
export type CommandOwner = 'app' | 'plc';

/** Binary commands are coils, input commands are holding registers. */
export type TagArea = 'coil' | 'holding';

/**
 * How a holding-register value is encoded. 32-bit values take two registers, high word first.
 * The engineering value is raw / scale (scale 100 for lbs with two decimals).
 */
export type TagDataType = 'bool' | 'uint16' | 'int16' | 'uint32' | 'int32';

export interface PlantDeviceType {
  id: number;
  name: string;
  image: string;
}

export interface PlantDevice {
  /** The plant's own code for the device, e.g. 'GS1'; 'vbin' and 'vibin' are virtual. */
  device_id: string;
  device_name: string;
  device_description: string;
  device_type: number;
  device_stage: StageId;
  /** Unit shown with the device's main value, e.g. 'lbs'. */
  device_unit: string;
  /** Capacity in lbs, for types 8 and 13. */
  capacity?: number;
  /** Virtual devices exist for accounting only and have no tags. */
  virtual?: boolean;
}

export interface PlantCommand {
  id: number;
  kind: CommandKind;
  label: string;
  owner: CommandOwner;
  /** An input command an operator may change in auto mode (a speed set-point). */
  isSpeed?: boolean;
  /** Engineering unit of an input command's value, e.g. 'lbs', '°F', '%'. */
  unit?: string;
}

export interface PlantTag {
  device_id: string;
  command_kind: CommandKind;
  command_id: number;
  area: TagArea;
  /** Zero-based Modbus address within its area. */
  address: number;
  data_type: TagDataType;
  scale: number;
  /**
   * For an app command: the plc command of the same device whose value confirms the write.
   * Without one, the console reads the app tag itself back.
   */
  feedback_command_id?: number;
}

/** Well-known command labels every device carries, so that mode and alarms are generic. */
export const StandardCommand = {
  ManualMode: 'Manual Mode',
  ManualModeActive: 'Manual Mode Active',
  AlarmCode: 'Alarm Code',
} as const;

export interface PlantDefinition {
  /** Modbus unit id the console addresses. */
  unitId: number;
  deviceTypes: PlantDeviceType[];
  devices: PlantDevice[];
  commands: PlantCommand[];
  /** Which app and plc commands each device type offers (spec: per device type mapping). */
  typeCommands: { device_type: number; kind: CommandKind; command_ids: number[] }[];
  tags: PlantTag[];
}
