import { demoPlant, type CommandRef, type PlantDefinition } from '@roastery/contract';
import { PlantCatalog } from '../plant-catalog.ts';
import type {
  CommandInfo,
  DeviceInfo,
  DeviceMode,
  DevicePort,
  DeviceReading,
  WriteOutcome,
} from '../ports.ts';

const key = (ref: CommandRef) => `${ref.device_id}/${ref.command_kind}/${ref.command_id}`;

export interface RecordedWrite {
  ref: CommandRef;
  value: number;
  who: string;
  context: string | undefined;
}

/**
 * A plant in memory with the demo plant's devices and commands. By default a write shows on
 * its feedback at once and resolves 'ok'; a test replaces `respond` to acknowledge only, fail,
 * or hold a write.
 */
export class FakeDevicePort implements DevicePort {
  readonly catalog: PlantCatalog;
  readonly writes: RecordedWrite[] = [];
  readonly #values = new Map<string, number>();
  /** Devices whose values the PLC does not report, as with the link down. */
  readonly #offline = new Set<string>();
  readonly #listeners = new Set<(ref: CommandRef, value: number | null) => void>();

  respond: (ref: CommandRef, value: number) => Promise<WriteOutcome> = async (ref, value) => {
    this.set(this.feedbackOf(ref), value);
    return { result: 'ok' };
  };

  constructor(plant: PlantDefinition = demoPlant) {
    this.catalog = new PlantCatalog(plant);
    for (const tag of plant.tags) this.#values.set(key(tag), 0);
  }

  async write(
    ref: CommandRef,
    value: number,
    who: string,
    context?: string,
  ): Promise<WriteOutcome> {
    this.writes.push({ ref, value, who, context });
    this.set(ref, value);
    return this.respond(ref, value);
  }

  read(ref: CommandRef): DeviceReading | undefined {
    const value = this.#values.get(key(ref));
    if (value === undefined) return undefined;
    return this.#offline.has(ref.device_id)
      ? { value: null, quality: 'offline' }
      : { value, quality: 'good' };
  }

  feedbackOf(ref: CommandRef): CommandRef {
    return this.catalog.feedbackOf(ref);
  }

  subscribe(listener: (ref: CommandRef, value: number | null) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  mode(deviceId: string): DeviceMode {
    const ref = this.catalog.manualModeRef(deviceId);
    if (ref === undefined) return 'auto';
    if (this.#offline.has(deviceId)) return 'unknown';
    return this.#values.get(key(ref)) === 1 ? 'manual' : 'auto';
  }

  device(deviceId: string): DeviceInfo | undefined {
    return this.catalog.device(deviceId);
  }

  command(ref: CommandRef): CommandInfo | undefined {
    return this.catalog.command(ref);
  }

  /** Sets a value as a scan would, telling subscribers when it changed. */
  set(ref: CommandRef, value: number): void {
    if (!this.#values.has(key(ref))) throw new Error(`${key(ref)} has no tag`);
    if (this.#values.get(key(ref)) === value) return;
    this.#values.set(key(ref), value);
    for (const listener of [...this.#listeners]) listener(ref, value);
  }

  setManual(deviceId: string, manual: boolean): void {
    const ref = this.catalog.manualModeRef(deviceId);
    if (!ref) throw new Error(`${deviceId} has no manual mode`);
    this.set(ref, manual ? 1 : 0);
  }

  /** The PLC stops (or starts again) reporting the device's values. */
  setOffline(deviceId: string, offline: boolean): void {
    if (offline) this.#offline.add(deviceId);
    else this.#offline.delete(deviceId);
  }

  value(ref: CommandRef): number | undefined {
    return this.#values.get(key(ref));
  }
}
