import type { EventHub } from '../../plant/hub/event-hub.ts';
import { CachedValue } from '../../lib/cached-value.ts';
import { notFound } from '../../lib/http-errors.ts';
import type {
  DeviceBlockRow,
  DeviceRepository,
  DeviceRow,
  DeviceTagRow,
} from './device-repository.ts';

/** Every device's stored records, as one consistent read. Shared by every request: read only. */
export interface DeviceRecordSet {
  /** Every device, virtual ones too, in the list's order (stage, then id). */
  readonly devices: readonly DeviceRow[];
  /** Each device's tags (one per command of its type), by device ref. */
  readonly tags: ReadonlyMap<number, readonly DeviceTagRow[]>;
  /** The mode a person last asked for, by device ref; none asked: absent. */
  readonly requestedModes: ReadonlyMap<number, boolean>;
  /** Each device's blocks in id order, by device ref. */
  readonly blocks: ReadonlyMap<number, readonly DeviceBlockRow[]>;
  /** By plant code, lower-cased: codes are matched without regard to case. */
  readonly byCode: ReadonlyMap<string, DeviceRow>;
}

const NONE: readonly never[] = Object.freeze([]);

/**
 * The devices area's stored records in memory: the device list, a device's information and its
 * detail read no database once loaded (four queries, whatever the number of devices). What
 * changes them: the devices area's own writes, which call `invalidate` once committed, and a
 * bean movement (the hub's `ledger` event), which changes a device's occupancy. Other server
 * instances hear of the first through the hub (`cache-changed`), and see the second.
 */
export class DeviceRecords {
  readonly #cached: CachedValue<DeviceRecordSet>;

  readonly #hub: EventHub;

  constructor(repo: DeviceRepository, hub: EventHub) {
    this.#cached = new CachedValue(() => load(repo));
    this.#hub = hub;
    // Every instance sees every bean movement: each forgets its own copy.
    hub.subscribe('ledger', () => this.#cached.invalidate());
    hub.subscribe(
      'cache-changed',
      (e) => e.cache === 'device-records' && this.#cached.invalidate(),
      {
        from: 'other-instances',
      },
    );
  }

  get(): DeviceRecordSet | Promise<DeviceRecordSet> {
    return this.#cached.get();
  }

  /** Forgets the records here and on every other server instance. */
  invalidate(): void {
    this.#cached.invalidate();
    this.#hub.publish({ type: 'cache-changed', cache: 'device-records' });
  }

  /** The device with this plant code, or a 404 naming it. */
  async require(code: string): Promise<DeviceRow> {
    return deviceIn(await this.get(), code);
  }

  async tagsOf(device: DeviceRow): Promise<readonly DeviceTagRow[]> {
    return (await this.get()).tags.get(device.id) ?? NONE;
  }
}

/** The device with this plant code in these records, or a 404 naming it. */
export function deviceIn(records: DeviceRecordSet, code: string): DeviceRow {
  const device = records.byCode.get(code.toLowerCase());
  if (!device) throw notFound(`Device ${code} not found.`);
  return device;
}

/** Groups rows by device ref, each group frozen. */
function byDevice<R extends { deviceId: number }>(rows: R[]): Map<number, readonly R[]> {
  const grouped = Map.groupBy(
    rows.map((r) => Object.freeze(r)),
    (r) => r.deviceId,
  );
  return new Map([...grouped].map(([ref, group]) => [ref, Object.freeze(group)]));
}

async function load(repo: DeviceRepository): Promise<DeviceRecordSet> {
  const [devices, tags, requestedModes, blocks] = await Promise.all([
    repo.all(),
    repo.allTags(),
    repo.requestedModes(),
    repo.allBlocks(),
  ]);
  devices.forEach((d) => Object.freeze(d));
  return {
    devices: Object.freeze(devices),
    tags: byDevice(tags),
    requestedModes,
    blocks: byDevice(blocks),
    byCode: new Map(devices.map((d) => [d.deviceId.toLowerCase(), d])),
  };
}
