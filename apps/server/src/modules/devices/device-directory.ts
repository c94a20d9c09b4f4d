import type { DeviceRecords } from './device-records.ts';
import type { DeviceRepository, DeviceRow } from './device-repository.ts';

/** A device as other areas see it: its stored row, without live state. */
export type Device = DeviceRow;

/**
 * Finds devices and device types without their live state: what other areas (alarm texts,
 * commands) ask of the devices area. It needs nothing but the devices' own records, so any
 * service can take it without a construction cycle through the plant runtime.
 */
export class DeviceDirectory {
  readonly #repo: DeviceRepository;
  readonly #records: DeviceRecords;

  constructor(repo: DeviceRepository, records: DeviceRecords) {
    this.#repo = repo;
    this.#records = records;
  }

  /** The device with this plant code, or a 404 naming it. */
  require(code: string): Promise<Device> {
    return this.#records.require(code);
  }

  async types() {
    return this.#repo.types();
  }

  typeExists(typeId: number): Promise<boolean> {
    return this.#repo.typeExists(typeId);
  }
}
