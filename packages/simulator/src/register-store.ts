import type { CommandOwner, PlantDefinition, PlantTag, TagArea } from '@roastery/contract';
import { decodeValue, encodeValue, registerWidth } from './tag-codec.ts';

/** A tag with what the store needs to know about its command. */
export interface StoreTag extends PlantTag {
  label: string;
  owner: CommandOwner;
  width: 1 | 2;
}

/** Who wrote: a Modbus client, a test or API call, or the plant model itself. */
export type WriteOrigin = 'modbus' | 'api' | 'plant';
export type WriteListener = (tag: StoreTag, origin: WriteOrigin) => void;

export type AddressProblem = 'out-of-range' | 'not-writable';

/** A raw read or write the address map does not allow; the Modbus server answers exception 2. */
export class AddressError extends Error {
  readonly area: TagArea;
  readonly address: number;
  readonly problem: AddressProblem;

  constructor(area: TagArea, address: number, problem: AddressProblem) {
    super(`${area} ${address}: ${problem}`);
    this.name = 'AddressError';
    this.area = area;
    this.address = address;
    this.problem = problem;
  }
}

function key(deviceId: string, label: string): string {
  return `${deviceId}\u0000${label}`;
}

/**
 * The PLC's memory: coils and holding registers laid out by the plant's tags. Reads are legal
 * anywhere from address 0 to the end of the last tag of an area (gaps between device blocks
 * read as 0, as in a PLC data table). Raw writes are legal only on app-owned tags: plc-owned
 * values belong to the PLC program, so a client writing one gets refused instead of having its
 * value silently overwritten on the next scan.
 */
export class RegisterStore {
  readonly plant: PlantDefinition;
  readonly tags: readonly StoreTag[];
  readonly coilCount: number;
  readonly registerCount: number;
  readonly #coils: Uint8Array;
  readonly #registers: Uint16Array;
  readonly #byName = new Map<string, StoreTag>();
  readonly #coilTags: (StoreTag | undefined)[];
  readonly #registerTags: (StoreTag | undefined)[];
  readonly #listeners = new Set<WriteListener>();

  constructor(plant: PlantDefinition) {
    this.plant = plant;
    this.tags = plant.tags.map((tag) => {
      const command = plant.commands.find(
        (candidate) => candidate.kind === tag.command_kind && candidate.id === tag.command_id,
      );
      if (!command) {
        throw new Error(`${tag.device_id}: no ${tag.command_kind} command ${tag.command_id}`);
      }
      return {
        ...tag,
        label: command.label,
        owner: command.owner,
        width: tag.area === 'coil' ? 1 : registerWidth(tag.data_type),
      };
    });
    const extent = (area: TagArea) =>
      Math.max(
        0,
        ...this.tags.filter((tag) => tag.area === area).map((tag) => tag.address + tag.width),
      );
    this.coilCount = extent('coil');
    this.registerCount = extent('holding');
    this.#coils = new Uint8Array(this.coilCount);
    this.#registers = new Uint16Array(this.registerCount);
    this.#coilTags = new Array<StoreTag | undefined>(this.coilCount);
    this.#registerTags = new Array<StoreTag | undefined>(this.registerCount);

    for (const tag of this.tags) {
      const name = key(tag.device_id, tag.label);
      if (this.#byName.has(name)) throw new Error(`${tag.device_id}: two tags for ${tag.label}`);
      this.#byName.set(name, tag);
      const owners = tag.area === 'coil' ? this.#coilTags : this.#registerTags;
      for (let offset = 0; offset < tag.width; offset += 1) {
        const taken = owners[tag.address + offset];
        if (taken) {
          throw new Error(
            `${tag.area} ${tag.address + offset} is used by ${taken.device_id}/${taken.label} ` +
              `and ${tag.device_id}/${tag.label}`,
          );
        }
        owners[tag.address + offset] = tag;
      }
    }
  }

  /** The tag of a device's command, by command label; throws when the device has none. */
  tag(deviceId: string, label: string): StoreTag {
    const tag = this.#byName.get(key(deviceId, label));
    if (!tag) throw new Error(`${deviceId} has no tag for '${label}'`);
    return tag;
  }

  has(deviceId: string, label: string): boolean {
    return this.#byName.has(key(deviceId, label));
  }

  tagsOf(deviceId: string): StoreTag[] {
    return this.tags.filter((tag) => tag.device_id === deviceId);
  }

  /** Engineering value: raw / scale; coils read as 0 or 1. */
  get(deviceId: string, label: string): number {
    return this.valueOf(this.tag(deviceId, label));
  }

  isOn(deviceId: string, label: string): boolean {
    return this.get(deviceId, label) !== 0;
  }

  valueOf(tag: StoreTag): number {
    if (tag.area === 'coil') return this.#coils[tag.address] ?? 0;
    const words = Array.from(this.#registers.subarray(tag.address, tag.address + tag.width));
    return decodeValue(tag.data_type, tag.scale, words);
  }

  /** Sets an engineering value, whoever owns the tag; throws RangeError when it does not fit. */
  set(deviceId: string, label: string, value: number | boolean, origin: WriteOrigin = 'api'): void {
    this.setTag(this.tag(deviceId, label), value, origin);
  }

  setTag(tag: StoreTag, value: number | boolean, origin: WriteOrigin): void {
    const numeric = typeof value === 'boolean' ? Number(value) : value;
    if (tag.area === 'coil') {
      this.#coils[tag.address] = numeric === 0 ? 0 : 1;
    } else {
      this.#registers.set(encodeValue(tag.data_type, tag.scale, numeric), tag.address);
    }
    this.#notify([tag], origin);
  }

  readCoils(address: number, count: number): boolean[] {
    this.#assertInRange('coil', address, count);
    return Array.from(this.#coils.subarray(address, address + count), (bit) => bit !== 0);
  }

  readRegisters(address: number, count: number): number[] {
    this.#assertInRange('holding', address, count);
    return Array.from(this.#registers.subarray(address, address + count));
  }

  /** Throws AddressError unless every address of the range belongs to an app-owned tag. */
  assertWritable(area: TagArea, address: number, count: number): void {
    this.#assertInRange(area, address, count);
    const owners = area === 'coil' ? this.#coilTags : this.#registerTags;
    for (let at = address; at < address + count; at += 1) {
      if (owners[at]?.owner !== 'app') throw new AddressError(area, at, 'not-writable');
    }
  }

  /** A Modbus write: all or nothing, then one notification per tag touched. */
  writeCoils(address: number, values: readonly boolean[]): void {
    this.assertWritable('coil', address, values.length);
    values.forEach((value, offset) => {
      this.#coils[address + offset] = value ? 1 : 0;
    });
    this.#notify(this.#tagsAt(this.#coilTags, address, values.length), 'modbus');
  }

  /** A Modbus write of raw words; a 32-bit tag may be written one word at a time. */
  writeRegisters(address: number, words: readonly number[]): void {
    this.assertWritable('holding', address, words.length);
    this.#registers.set(words, address);
    this.#notify(this.#tagsAt(this.#registerTags, address, words.length), 'modbus');
  }

  /** Listens to every write; returns the function that stops listening. */
  onWrite(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #assertInRange(area: TagArea, address: number, count: number): void {
    const size = area === 'coil' ? this.coilCount : this.registerCount;
    if (!Number.isInteger(address) || address < 0 || count < 1) {
      throw new AddressError(area, address, 'out-of-range');
    }
    if (address + count > size) {
      throw new AddressError(area, Math.max(address, size), 'out-of-range');
    }
  }

  #tagsAt(owners: (StoreTag | undefined)[], address: number, count: number): StoreTag[] {
    const touched = new Set<StoreTag>();
    for (let at = address; at < address + count; at += 1) {
      const tag = owners[at];
      if (tag) touched.add(tag);
    }
    return [...touched];
  }

  #notify(tags: readonly StoreTag[], origin: WriteOrigin): void {
    for (const tag of tags) {
      for (const listener of this.#listeners) listener(tag, origin);
    }
  }
}
