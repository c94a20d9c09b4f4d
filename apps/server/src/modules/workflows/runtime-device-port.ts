import type { CommandRef, PlantDefinition } from '@roastery/contract';
import {
  PlantCatalog as CommandRanges,
  type CommandInfo,
  type DeviceInfo,
  type DeviceMode,
  type DevicePort,
  type DeviceReading,
  type WriteOutcome,
} from '@roastery/engine';
import type { TagRef, TagValue, WriteRecord } from '@roastery/plc';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';

/**
 * What the engine's port asks of the console's PLC runtime (PlantRuntime). The runtime seeds
 * the demo workflows, so this area names what it needs instead of importing it back.
 */
export interface PlcRuntime {
  definition(): PlantDefinition | undefined;
  catalog(): Pick<PlantCatalog, 'refOf'> | undefined;
  value(ref: TagRef): TagValue | undefined;
  write(
    ref: TagRef,
    value: number,
    who: string,
    context?: string,
  ): Promise<WriteRecord> | undefined;
}

/**
 * The engine's view of the plant, over the console's PLC runtime: writes and readings go
 * through the same gateway as manual commands, so every write of a run is in the events log.
 */
export class RuntimeDevicePort implements DevicePort {
  readonly #runtime: PlcRuntime;
  readonly #hub: EventHub;
  #ranges: { plant: PlantDefinition; ranges: CommandRanges } | undefined;

  constructor(runtime: PlcRuntime, hub: EventHub) {
    this.#runtime = runtime;
    this.#hub = hub;
  }

  /** The engine's command view of the plant the runtime runs now; rebuilt after a reload. */
  #plant(): CommandRanges | undefined {
    const plant = this.#runtime.definition();
    if (!plant) return undefined;
    if (this.#ranges?.plant !== plant) this.#ranges = { plant, ranges: new CommandRanges(plant) };
    return this.#ranges.ranges;
  }

  async write(
    ref: CommandRef,
    value: number,
    who: string,
    context?: string,
  ): Promise<WriteOutcome> {
    const pending = this.#runtime.write(ref, value, who, context);
    if (!pending) return { result: 'failed', error: 'the PLC gateway is not running' };
    const record = await pending;
    return record.error
      ? { result: record.result, error: record.error }
      : { result: record.result };
  }

  read(ref: CommandRef): DeviceReading | undefined {
    const reading = this.#runtime.value(ref);
    return reading && { value: reading.value, quality: reading.quality };
  }

  feedbackOf(ref: CommandRef): CommandRef {
    return this.#plant()?.feedbackOf(ref) ?? ref;
  }

  subscribe(listener: (ref: CommandRef, value: number | null) => void): () => void {
    const values = this.#hub.subscribe('value', (v) =>
      listener(
        { device_id: v.device_id, command_kind: v.command_kind, command_id: v.command_id },
        v.value,
      ),
    );
    // A value only counts while it is live, and one that comes back live unchanged sends no
    // 'value' event: its device turning good again is what a wait must hear to check it.
    const qualities = this.#hub.subscribe('device-quality', (q) => {
      if (q.quality !== 'good') return;
      for (const tag of this.#runtime.definition()?.tags ?? []) {
        if (tag.device_id !== q.device_id) continue;
        const ref = {
          device_id: tag.device_id,
          command_kind: tag.command_kind,
          command_id: tag.command_id,
        };
        listener(ref, this.#runtime.value(ref)?.value ?? null);
      }
    });
    return () => {
      values();
      qualities();
    };
  }

  mode(deviceId: string): DeviceMode {
    const ref = this.#runtime.catalog()?.refOf(deviceId, 'manual-mode-active');
    if (ref === undefined) return 'auto';
    const reading = this.#runtime.value(ref);
    if (!reading || reading.quality === 'offline' || reading.value === null) return 'unknown';
    return reading.value === 1 ? 'manual' : 'auto';
  }

  device(deviceId: string): DeviceInfo | undefined {
    return this.#plant()?.device(deviceId);
  }

  command(ref: CommandRef): CommandInfo | undefined {
    return this.#plant()?.command(ref);
  }
}
