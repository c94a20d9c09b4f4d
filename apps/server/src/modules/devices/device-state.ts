import { isSwitched, worstQuality, type DeviceCommand, type Quality } from '@roastery/contract';
import type { TagRef } from '@roastery/plc';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { DeviceServiceDeps } from './device-context.ts';
import { deviceIn } from './device-records.ts';
import type { DeviceRow, DeviceTagRow } from './device-repository.ts';

export interface LiveCommand extends DeviceCommand {
  kind: 'binary' | 'input';
  owner: 'app' | 'plc';
}

export interface DeviceState {
  commands: LiveCommand[];
  quality: Quality;
  /** Since when its values are not live (ISO); null while they are. */
  notLiveSince: string | null;
  /** Null while the PLC does not report the mode: unknown, not auto. */
  manual: boolean | null;
  requestedManual: boolean;
  isSwitched: boolean;
  /** The PLC's alarm code, 0 for none; its text is looked up apart, for many devices at once. */
  alarmCode: number;
}

export function tagRef(device: DeviceRow, kind: 'binary' | 'input', commandId: number): TagRef {
  return { device_id: device.deviceId, command_kind: kind, command_id: commandId };
}

/** The id of a device's standard command, if the device has that command. */
export function standardCommandId(
  runtime: PlantRuntime,
  role: CommandRole,
  tags: readonly DeviceTagRow[],
): number | undefined {
  const command = runtime.catalog()?.commandFor(role);
  return command && tags.some((t) => t.kind === command.kind && t.commandId === command.id)
    ? command.id
    : undefined;
}

/** The live picture of one device, from its tags and the gateway's cache. */
export function deviceState(
  runtime: PlantRuntime,
  device: DeviceRow,
  tags: readonly DeviceTagRow[],
  requested: boolean | undefined,
): DeviceState {
  const values = tags.map((t) => runtime.value(tagRef(device, t.kind, t.commandId)));
  const commands: LiveCommand[] = tags
    .map((t, index) => {
      const def = runtime.command(t.kind, t.commandId);
      const ref = tagRef(device, t.kind, t.commandId);
      const live = values[index];
      const owner = def?.owner ?? 'plc';
      return {
        kind: t.kind,
        owner,
        id: t.commandId,
        name: def?.label ?? `${t.kind} ${t.commandId}`,
        value: live?.quality === 'offline' ? null : (live?.value ?? null),
        isSame: runtime.isSame(ref),
        isSpeed: def?.isSpeed ?? false,
        unit: def?.unit ?? '',
        quality: live?.quality ?? 'offline',
      };
    })
    .sort((a, b) => a.id - b.id);
  const quality: Quality = device.virtual
    ? 'good'
    : tags.length
      ? worstQuality(commands.map((c) => c.quality))
      : 'offline';
  const modeId = standardCommandId(runtime, 'manual-mode-active', tags);
  const alarmId = standardCommandId(runtime, 'alarm-code', tags);
  const modeValue = commands.find((c) => c.kind === 'binary' && c.id === modeId)?.value;
  // A device without a mode feedback is never in manual mode; one whose feedback the PLC
  // does not report (null while offline) has an unknown mode.
  const manual = modeId === undefined ? false : modeValue == null ? null : modeValue === 1;
  const wanted = requested ?? manual ?? false;
  return {
    commands,
    quality,
    notLiveSince:
      quality === 'good' ? null : runtime.notLiveSince(tags.length ? values : [undefined]),
    manual,
    requestedManual: wanted,
    isSwitched: isSwitched(wanted, manual, quality),
    alarmCode: commands.find((c) => c.kind === 'input' && c.id === alarmId)?.value ?? 0,
  };
}

/** A device by its code, with its tags and live state, from the records in memory. */
export async function liveDevice(d: DeviceServiceDeps, code: string) {
  const records = await d.records.get();
  const device = deviceIn(records, code);
  const tags = records.tags.get(device.id) ?? [];
  const state = deviceState(d.runtime, device, tags, records.requestedModes.get(device.id));
  return { device, tags, state, blocks: records.blocks.get(device.id) ?? [] };
}
