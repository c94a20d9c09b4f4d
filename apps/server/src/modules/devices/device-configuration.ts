import {
  CAPACITY_TYPE_IDS,
  Stage,
  type CreateDeviceBody,
  type DeviceDetail,
  type UpdateDeviceBody,
} from '@roastery/contract';
import { conflict, unprocessable } from '../../lib/http-errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { logDeviceChange } from './device-change-log.ts';
import type { DeviceServiceDeps } from './device-context.ts';
import { deviceDetail } from './device-reads.ts';
import type { DeviceRow } from './device-repository.ts';
import { formatLbs } from './format-lbs.ts';
import { roastLimitColumns, type StoredRoastLimits } from './roast-limits.ts';
import { allocateTags } from './tag-allocation.ts';

/** The nameplate OEE measures a device against, as stored. */
type Nameplate = Pick<DeviceRow, 'batchCapacity' | 'idealCycleMinutes' | 'ratedLbsPerHour'> &
  StoredRoastLimits;

/**
 * The columns a create or update body sets; only types 8 and 13 keep a capacity, only a
 * Roasting-stage device a batch capacity and ideal cycle, only a Packing-stage one a rated rate.
 * A nameplate figure the body leaves out keeps what is stored (nothing on a new device), as does
 * a roaster's roast alarm limit.
 */
function deviceColumns(body: UpdateDeviceBody, stored?: Nameplate) {
  const roasting = body.device_stage === Stage.Roasting;
  const packing = body.device_stage === Stage.Packing;
  const kept = <T>(given: T | null | undefined, current: T | null | undefined) =>
    given === undefined ? (current ?? null) : given;
  return {
    name: body.device_name,
    description: body.device_description,
    typeId: body.device_type,
    stage: body.device_stage,
    unit: body.device_unit,
    image: body.image,
    features: body.device_features,
    capacity: CAPACITY_TYPE_IDS.includes(body.device_type) ? (body.capacity ?? null) : null,
    batchCapacity: roasting ? kept(body.batch_capacity, stored?.batchCapacity) : null,
    idealCycleMinutes: roasting ? kept(body.ideal_cycle_minutes, stored?.idealCycleMinutes) : null,
    ratedLbsPerHour: packing ? kept(body.rated_lbs_per_hour, stored?.ratedLbsPerHour) : null,
    ...roastLimitColumns(body, stored),
  };
}

async function checkType(d: DeviceServiceDeps, typeId: number): Promise<void> {
  if (!(await d.devices.typeExists(typeId)))
    throw unprocessable(`Device type ${typeId} does not exist.`);
}

/** Adds a device and gives it a fresh block of PLC addresses for its type's commands. */
export async function createDevice(
  d: DeviceServiceDeps,
  body: CreateDeviceBody,
  by: string,
): Promise<DeviceDetail> {
  await checkType(d, body.device_type);
  const tags = await allocateTags(d.devices, d.commands, body.device_type);
  try {
    await d.db.transaction(async (tx) => {
      const ref = await d.devices.insert({ deviceId: body.device_id, ...deviceColumns(body) }, tx);
      await d.devices.insertTags(ref, tags, tx);
    });
    d.records.invalidate();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(
        `A device with Device Id ${body.device_id} already exists, or its PLC addresses were just taken.`,
      );
    }
    throw error;
  }
  logDeviceChange(d.hub, `${body.device_name} (${body.device_id})`, 'created', by);
  await d.runtime.reload();
  return deviceDetail(d, body.device_id);
}

/** Changes a device; a new type gives it the new type's tags in a fresh address block. */
export async function updateDevice(
  d: DeviceServiceDeps,
  code: string,
  body: UpdateDeviceBody,
  by: string,
): Promise<DeviceDetail> {
  const device = await d.records.require(code);
  await checkType(d, body.device_type);
  const columns = deviceColumns(body, device);
  const { capacity } = columns;
  if (capacity !== null && device.occupancy > capacity) {
    throw unprocessable(
      `The capacity cannot be below the current occupancy (${formatLbs(device.occupancy)}).`,
    );
  }
  const retyped = body.device_type !== device.typeId && !device.virtual;
  const tags = retyped ? await allocateTags(d.devices, d.commands, body.device_type) : [];
  await d.db.transaction(async (tx) => {
    await d.devices.update(device.id, columns, tx);
    if (retyped) {
      await d.devices.deleteTags(device.id, tx);
      await d.devices.insertTags(device.id, tags, tx);
    }
  });
  d.records.invalidate();
  logDeviceChange(
    d.hub,
    `${body.device_name} (${device.deviceId})`,
    retyped ? 'changed, with a new type and PLC addresses' : 'changed',
    by,
  );
  if (retyped) await d.runtime.reload();
  return deviceDetail(d, code);
}

/** Deletes a device that holds nothing, that nothing uses and that the ledger never moved. */
export async function deleteDevice(d: DeviceServiceDeps, code: string, by: string): Promise<void> {
  const device = await d.records.require(code);
  if (device.occupancy > 0) {
    throw conflict(
      `${device.name} holds ${formatLbs(device.occupancy)}: move its beans out before deleting it.`,
    );
  }
  const uses = await d.usesOf(device.deviceId);
  if (uses.length) {
    throw conflict(
      `${device.name} is used by ${uses.join(', ')}: remove it from there before deleting it.`,
    );
  }
  try {
    await d.devices.delete(device.id);
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw conflict(
        `${device.name} has bean movements in the ledger; the plant's records keep it, so it cannot be deleted.`,
      );
    }
    throw error;
  }
  d.records.invalidate();
  d.hub.publish({ type: 'device-removed', device_id: device.deviceId });
  logDeviceChange(d.hub, `${device.name} (${device.deviceId})`, 'deleted', by);
  await d.runtime.reload();
}
