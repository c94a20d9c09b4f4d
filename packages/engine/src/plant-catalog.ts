import {
  StandardCommand,
  type CommandRef,
  type PlantDefinition,
  type PlantTag,
  type TagDataType,
} from '@roastery/contract';
import type { CommandInfo, DeviceInfo } from './ports.ts';

const RAW_RANGE: Record<TagDataType, readonly [number, number]> = {
  bool: [0, 1],
  uint16: [0, 0xffff],
  int16: [-0x8000, 0x7fff],
  uint32: [0, 0xffffffff],
  int32: [-0x80000000, 0x7fffffff],
};

const key = (ref: CommandRef) => `${ref.device_id}/${ref.command_kind}/${ref.command_id}`;

/**
 * The static half of a DevicePort, read from a plant definition: which devices exist, which
 * commands each one's type offers, the range of each tag and which command confirms a write.
 * A DevicePort over the PLC gateway adds the live half (values, modes, writes).
 */
export class PlantCatalog {
  readonly #plant: PlantDefinition;
  readonly #tags = new Map<string, PlantTag>();
  readonly #manualModeActiveId: number | undefined;

  constructor(plant: PlantDefinition) {
    this.#plant = plant;
    for (const tag of plant.tags) this.#tags.set(key(tag), tag);
    this.#manualModeActiveId = plant.commands.find(
      (c) => c.kind === 'binary' && c.label === StandardCommand.ManualModeActive,
    )?.id;
  }

  device(deviceId: string): DeviceInfo | undefined {
    const device = this.#plant.devices.find((d) => d.device_id === deviceId);
    return device && { device_id: device.device_id, device_name: device.device_name };
  }

  command(ref: CommandRef): CommandInfo | undefined {
    const device = this.#plant.devices.find((d) => d.device_id === ref.device_id);
    const offered = this.#plant.typeCommands.find(
      (t) => t.device_type === device?.device_type && t.kind === ref.command_kind,
    );
    const command = this.#plant.commands.find(
      (c) => c.kind === ref.command_kind && c.id === ref.command_id,
    );
    const tag = this.#tags.get(key(ref));
    if (!offered?.command_ids.includes(ref.command_id) || !command || !tag) return undefined;
    const [low, high] = RAW_RANGE[tag.data_type];
    return {
      kind: command.kind,
      label: command.label,
      owner: command.owner,
      min: low / tag.scale,
      max: high / tag.scale,
    };
  }

  feedbackOf(ref: CommandRef): CommandRef {
    const feedbackId = this.#tags.get(key(ref))?.feedback_command_id;
    if (feedbackId === undefined) return ref;
    const sameKind = { ...ref, command_id: feedbackId };
    if (this.#tags.has(key(sameKind))) return sameKind;
    const otherKind = ref.command_kind === 'binary' ? 'input' : 'binary';
    return { ...ref, command_kind: otherKind, command_id: feedbackId };
  }

  /** The PLC's "Manual Mode Active" coil of a device, if the plant has one. */
  manualModeRef(deviceId: string): CommandRef | undefined {
    if (this.#manualModeActiveId === undefined) return undefined;
    const ref: CommandRef = {
      device_id: deviceId,
      command_kind: 'binary',
      command_id: this.#manualModeActiveId,
    };
    return this.#tags.has(key(ref)) ? ref : undefined;
  }
}
