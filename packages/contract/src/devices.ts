import { z } from 'zod';
import { CAPACITY_TYPE_IDS } from './plant/plant-model.ts';
import { idParams, int32, int32FromText, wholeNumber } from './integers.ts';
import { roastLimitFields, roastLimitsView } from './roast-control.ts';

/** How far a live value can be trusted. 'offline': the PLC link is down; never shown as live. */
export const quality = z.enum(['good', 'stale', 'offline']);
export type Quality = z.infer<typeof quality>;

/**
 * Since when a value that is not live stopped being live (ISO time): its last good read from the
 * PLC, or when the PLC link was lost. Null while it is live, or when it never was.
 */
export const notLiveSince = z.string().nullable();

/** How far the PLC values of one place on a screen can be trusted, and since when they are not. */
export const liveness = { quality, not_live_since: notLiveSince };

/** A place on a screen that shows PLC values: how live they are, and since when they are not. */
export interface PlaceLiveness {
  quality: Quality;
  /** ISO time; absent or null when nobody knows since when. */
  not_live_since?: string | null;
}

const QUALITY_RANK: Record<Quality, number> = { good: 0, stale: 1, offline: 2 };

/** Of several values shown as one: the least live of their qualities (offline, stale, good). */
export function worstQuality(qualities: Iterable<Quality>): Quality {
  let worst: Quality = 'good';
  for (const q of qualities) if (QUALITY_RANK[q] > QUALITY_RANK[worst]) worst = q;
  return worst;
}

/**
 * Whether a device is in the mode asked of it, as far as anyone can tell: its PLC reports that
 * mode and its values are live. The server's device state and the browser's live patch of it
 * both read it from here.
 */
export function isSwitched(requestedManual: boolean, manual: boolean | null, q: Quality): boolean {
  return requestedManual === manual && q === 'good';
}

/**
 * Of several places shown as one (a stage tile, a card for several values, a banner over a
 * screen): the worst quality among them, and since when the earliest of those not live stopped
 * being live. The server's projections and the web app both read it from here.
 */
export function worstLiveness(places: readonly PlaceLiveness[]): Required<PlaceLiveness> {
  const notLive = places.filter((p) => p.quality !== 'good');
  const since = notLive
    .flatMap((p) => (p.not_live_since ? [p.not_live_since] : []))
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  return { quality: worstQuality(notLive.map((p) => p.quality)), not_live_since: since[0] ?? null };
}

export const deviceCode = z
  .string({ error: 'Device Id is required' })
  .trim()
  .min(1, { error: 'Device Id is required' })
  .max(32, { error: 'Device Id must be at most 32 characters' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Device Id may contain letters, digits, _ and - only' });

export const deviceFeature = z.object({
  label: z.string().min(1).max(60),
  value: z.string().max(120),
  popup: z
    .object({
      values: z.string().max(500),
      discharge: z.string().max(120).optional(),
      speed: z.string().max(120).optional(),
    })
    .optional(),
});
export type DeviceFeatureDto = z.infer<typeof deviceFeature>;

export const deviceStatusLight = z.object({ name: z.string(), color: z.string() });

export const deviceSummary = z.object({
  d_id: z.number().int(),
  device_id: z.string(),
  device_name: z.string(),
  device_description: z.string(),
  device_type: z.number().int(),
  device_type_name: z.string(),
  device_stage: z.number().int(),
  stage_name: z.string(),
  device_unit: z.string(),
  image: z.string(),
  device_features: z.array(deviceFeature),
  occupancy: z.number(),
  capacity: z.number().nullable(),
  /** A roaster's batch capacity (green lbs) and ideal cycle (minutes): its ideal rate for OEE. */
  batch_capacity: z.number().nullable(),
  ideal_cycle_minutes: z.number().nullable(),
  /** A packer's rated rate, lbs per hour: its ideal rate for OEE. */
  rated_lbs_per_hour: z.number().nullable(),
  /** A roaster's roast alarm limits and ET safe action; null on other devices. */
  ...roastLimitsView,
  /**
   * True when the PLC confirms manual mode, false for auto; null while the PLC does not report
   * the device (quality 'offline'): the mode is then unknown, never taken for auto.
   */
  manual: z.boolean().nullable(),
  /** False while a requested mode switch waits for the PLC's confirmation. */
  isSwitched: z.boolean(),
  alarm: z.string().nullable(),
  alarmType: z.enum(['alarm', 'warning']).nullable(),
  ...liveness,
  statuses: z.array(deviceStatusLight),
});
export type DeviceSummary = z.infer<typeof deviceSummary>;

export const deviceCommand = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.number().nullable(),
  /** The PLC's feedback equals what the console last wrote. */
  isSame: z.boolean(),
  isSpeed: z.boolean(),
  unit: z.string(),
  quality,
});
export type DeviceCommand = z.infer<typeof deviceCommand>;

export const deviceBlock = z.object({
  id: z.number().int(),
  label: z.string(),
  value: z.number().int(),
});
export type DeviceBlock = z.infer<typeof deviceBlock>;

export const deviceDetail = z.object({
  device: deviceSummary,
  /** As in the summary: null while the mode is unknown. */
  manual: z.boolean().nullable(),
  isSwitched: z.boolean(),
  /** The mode the console last asked for. */
  requestedManual: z.boolean(),
  binary: z.array(deviceCommand),
  input: z.array(deviceCommand),
  plcBinary: z.array(deviceCommand),
  plcInput: z.array(deviceCommand),
  startStopButton: deviceCommand.nullable(),
  blocks: z.array(deviceBlock),
  alarm: z.string().nullable(),
  alarmType: z.enum(['alarm', 'warning']).nullable(),
  graph: z
    .object({ percentage: z.number(), capacity: z.number(), occupied: z.number() })
    .nullable(),
  show: z.array(z.object({ label: z.string(), value: z.string() })),
  quality,
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

export const deviceCodeParams = z.strictObject({ id: deviceCode });
export const deviceDetailQuery = z.strictObject({ id: deviceCode });
export const devicesByTypeQuery = z.strictObject({
  type: int32FromText().positive().optional(),
});

const capacityRule = <T extends { device_type: number; capacity?: number | null | undefined }>(
  b: T,
) => !CAPACITY_TYPE_IDS.includes(b.device_type) || (b.capacity != null && b.capacity > 0);

export const CAPACITY_REQUIRED = 'Device Capacity is required for this device type';

const deviceFields = {
  device_name: z.string().trim().min(1, { error: 'Device Name is required' }).max(80),
  device_type: int32({ error: 'Device Type is required' }).positive(),
  device_description: z
    .string()
    .trim()
    .min(1, { error: 'Device Description is required' })
    .max(500),
  device_stage: z.number({ error: 'Device Stage is required' }).int().min(1).max(4),
  device_unit: z.string().trim().max(20).default(''),
  image: z.string().max(500).default(''),
  device_features: z.array(deviceFeature).max(20).default([]),
  capacity: z
    .number({ error: 'Device Capacity must be a number' })
    .positive({ error: 'Device Capacity must be greater than 0' })
    // Weights are kept to the hundredth: less than that would be stored as 0.
    .min(0.01, { error: 'Device Capacity must be at least 0.01' })
    .max(10_000_000, { error: 'Device Capacity must be at most 10,000,000' })
    .nullable()
    .optional(),
  /*
   * The nameplate OEE measures a line against: kept for Roasting-stage devices (batch capacity
   * and ideal cycle) and Packing-stage ones (rated rate). Left out of an update, they are kept.
   */
  batch_capacity: z
    .number({ error: 'Batch Capacity must be a number' })
    .min(0.01, { error: 'Batch Capacity must be at least 0.01 lbs' })
    .max(1_000_000, { error: 'Batch Capacity must be at most 1,000,000 lbs' })
    .nullable()
    .optional(),
  ideal_cycle_minutes: z
    .number({ error: 'Ideal Cycle must be a number' })
    .min(0.1, { error: 'Ideal Cycle must be at least 0.1 minutes' })
    .max(1_440, { error: 'Ideal Cycle must be at most 1,440 minutes' })
    .nullable()
    .optional(),
  rated_lbs_per_hour: z
    .number({ error: 'Rated Rate must be a number' })
    .min(0.01, { error: 'Rated Rate must be at least 0.01 lbs/h' })
    .max(10_000_000, { error: 'Rated Rate must be at most 10,000,000 lbs/h' })
    .nullable()
    .optional(),
  /** A Roasting-stage device's roast alarm limits; left out of an update, they are kept. */
  ...roastLimitFields,
};

export const createDeviceBody = z
  .strictObject({ device_id: deviceCode, ...deviceFields })
  .refine(capacityRule, { error: CAPACITY_REQUIRED, path: ['capacity'] });
export type CreateDeviceBody = z.infer<typeof createDeviceBody>;

export const updateDeviceBody = z
  .strictObject(deviceFields)
  .refine(capacityRule, { error: CAPACITY_REQUIRED, path: ['capacity'] });
export type UpdateDeviceBody = z.infer<typeof updateDeviceBody>;

export const deviceType = z.object({ id: z.number().int(), name: z.string(), image: z.string() });
export type DeviceTypeDto = z.infer<typeof deviceType>;

export const stage = z.object({ stage_id: z.number().int(), stage_name: z.string() });

export const deviceFormData = z.object({
  types: z.array(deviceType),
  stages: z.array(stage),
  capacityTypeIds: z.array(z.number().int()),
});

export const deviceEventBody = z.strictObject({
  device_id: deviceCode,
  command_id: int32().positive(),
  value: z.number({ error: 'value must be a number' }).finite(),
});

export const commandToggleParams = idParams('Command');
export const commandToggleBody = z.strictObject({
  device_id: deviceCode,
  /** The value to write; without it the command's current value is inverted. */
  value: z.union([z.literal(0), z.literal(1)]).optional(),
});

export const writeReply = z.object({
  message: z.string(),
  result: z.enum(['ok', 'failed', 'unconfirmed', 'pending']),
  latency_ms: z.number().nullable(),
});
export type WriteReply = z.infer<typeof writeReply>;

export const occupancyBody = z.strictObject({
  device_id: deviceCode,
  occupancy: z
    .number({ error: 'occupancy must be a number' })
    .min(0, { error: 'Occupancy cannot be negative' }),
});

export const blockBody = z.strictObject({
  device_id: deviceCode,
  block: int32().positive(),
  value: z.union([z.literal(0), z.literal(1)]),
});

/** One PLC tag of a device, as an administrator edits the address map. */
export const deviceTag = z.strictObject({
  command_kind: z.enum(['binary', 'input']),
  command_id: int32().positive(),
  area: z.enum(['coil', 'holding']),
  address: wholeNumber(0, 65535, 'The address must be a whole number between 0 and 65,535.'),
  data_type: z.enum(['bool', 'uint16', 'int16', 'uint32', 'int32']),
  scale: wholeNumber(1, 1_000_000, 'The scale must be a whole number between 1 and 1,000,000.'),
  feedback_command_id: int32().positive().nullable(),
});
export type DeviceTagDto = z.infer<typeof deviceTag>;

export const deviceTagView = deviceTag.extend({
  command_label: z.string(),
  command_owner: z.enum(['app', 'plc']),
});
export type DeviceTagView = z.infer<typeof deviceTagView>;

export const saveDeviceTagsBody = z.strictObject({ tags: z.array(deviceTag).max(200) });
