import type { DeviceTagDto, DeviceTagView, PlantTag } from '@roastery/contract';
import { TagMap, TagMapError } from '@roastery/plc';
import { unprocessable } from '../../lib/http-errors.ts';
import { logDeviceChange } from './device-change-log.ts';
import type { DeviceServiceDeps } from './device-context.ts';

/** A PLC tag as the device_tags table stores it, without its device. */
export function tagRowOf(
  t: Pick<PlantTag, 'command_kind' | 'command_id' | 'area' | 'address' | 'data_type' | 'scale'> & {
    feedback_command_id?: number | null;
  },
) {
  return {
    kind: t.command_kind,
    commandId: t.command_id,
    area: t.area,
    address: t.address,
    dataType: t.data_type,
    scale: t.scale,
    feedbackCommandId: t.feedback_command_id ?? null,
  };
}

/** A device's PLC tags: the address map as the administrator edits it. */
export async function deviceTags(d: DeviceServiceDeps, code: string): Promise<DeviceTagView[]> {
  const device = await d.records.require(code);
  const rows = await d.records.tagsOf(device);
  const commands = await d.plant.commands();
  return rows
    .map((t) => {
      const def = commands.find((c) => c.kind === t.kind && c.id === t.commandId);
      return {
        command_kind: t.kind,
        command_id: t.commandId,
        command_label: def?.label ?? `${t.kind} ${t.commandId}`,
        command_owner: def?.owner ?? 'plc',
        area: t.area,
        address: t.address,
        data_type: t.dataType,
        scale: t.scale,
        feedback_command_id: t.feedbackCommandId,
      };
    })
    .sort((a, b) => a.area.localeCompare(b.area) || a.address - b.address);
}

/**
 * Replaces a device's PLC tags after checking the whole plant's map with them: no overlap
 * with another device, the right area per kind, feedbacks that exist. Every problem is named.
 */
export async function saveDeviceTags(
  d: DeviceServiceDeps,
  code: string,
  tags: DeviceTagDto[],
  by: string,
): Promise<DeviceTagView[]> {
  const device = await d.records.require(code);
  if (device.virtual) throw unprocessable(`${device.name} is virtual and has no PLC tags.`);
  const [plantTags, commands] = await Promise.all([d.plant.tags(), d.plant.commands()]);
  const proposed: PlantTag[] = [
    ...plantTags.filter((t) => t.device_id !== device.deviceId),
    ...tags.map((t) => ({
      device_id: device.deviceId,
      command_kind: t.command_kind,
      command_id: t.command_id,
      area: t.area,
      address: t.address,
      data_type: t.data_type,
      scale: t.scale,
      ...(t.feedback_command_id != null ? { feedback_command_id: t.feedback_command_id } : {}),
    })),
  ];
  try {
    new TagMap(proposed, commands);
  } catch (error) {
    if (error instanceof TagMapError) throw unprocessable(error.problems.join('; '));
    throw error;
  }
  await d.db.transaction(async (tx) => {
    await d.devices.deleteTags(device.id, tx);
    await d.devices.insertTags(device.id, tags.map(tagRowOf), tx);
  });
  d.records.invalidate();
  logDeviceChange(d.hub, `${device.name} (${device.deviceId})`, 'PLC addresses changed', by);
  await d.runtime.reload();
  return deviceTags(d, code);
}
