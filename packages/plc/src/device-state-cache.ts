import type { TagRef } from './tag-map.ts';

/**
 * - good: read from the PLC within the last few scans.
 * - stale: the link is up but this value has not been read for too long (its read fails, or
 *   scans are late); the last value is kept but must not be shown as live.
 * - offline: no reading since the link went down (or since start), or none for much longer
 *   than stale.
 */
export type Quality = 'good' | 'stale' | 'offline';

export interface TagValue extends TagRef {
  /** Engineering value; binary commands are 0 or 1. Null until the first good read. */
  value: number | null;
  /** Epoch ms of the last good read of this value. */
  updatedAt: number | null;
  quality: Quality;
}

export interface DeviceQuality {
  device_id: string;
  quality: Quality;
  previous: Quality;
  at: number;
}

export interface CacheChanges {
  /** Tags whose value changed. */
  values: TagValue[];
  /** Devices whose quality (the worst of their tags) changed. */
  devices: DeviceQuality[];
}

export interface Reading {
  key: string;
  value: number;
}

interface Entry extends TagValue {
  key: string;
  /** The scan cycle that read the value last: a write is confirmed only by a later cycle. */
  readCycle: number;
}

const RANK: Record<Quality, number> = { good: 0, stale: 1, offline: 2 };

function publicView(entry: Entry): TagValue {
  return {
    device_id: entry.device_id,
    command_kind: entry.command_kind,
    command_id: entry.command_id,
    value: entry.value,
    updatedAt: entry.updatedAt,
    quality: entry.quality,
  };
}

/**
 * The last known state of every (device, command) with its quality. Every mutation returns
 * what changed, so the scanner publishes changes only, never the whole plant every scan.
 */
export class DeviceStateCache {
  readonly #entries = new Map<string, Entry>();
  readonly #byDevice = new Map<string, Entry[]>();
  readonly #deviceQuality = new Map<string, Quality>();

  constructor(tags: readonly (TagRef & { key: string })[]) {
    for (const tag of tags) {
      const entry: Entry = {
        key: tag.key,
        device_id: tag.device_id,
        command_kind: tag.command_kind,
        command_id: tag.command_id,
        value: null,
        updatedAt: null,
        quality: 'offline',
        readCycle: 0,
      };
      this.#entries.set(tag.key, entry);
      const list = this.#byDevice.get(tag.device_id) ?? [];
      list.push(entry);
      this.#byDevice.set(tag.device_id, list);
      this.#deviceQuality.set(tag.device_id, 'offline');
    }
  }

  /** Records good readings taken by scan `cycle`. */
  applyReadings(readings: readonly Reading[], at: number, cycle: number): CacheChanges {
    const values: TagValue[] = [];
    const touched = new Set<string>();
    for (const reading of readings) {
      const entry = this.#entries.get(reading.key);
      if (!entry) continue;
      const changed = entry.value !== reading.value;
      if (entry.quality !== 'good') touched.add(entry.device_id);
      entry.value = reading.value;
      entry.updatedAt = at;
      entry.quality = 'good';
      entry.readCycle = cycle;
      if (changed) values.push(publicView(entry));
    }
    return { values, devices: this.#refreshDevices(touched, at) };
  }

  /** Good values not read since `olderThan` (epoch ms) become stale. */
  markStale(olderThan: number, at: number): CacheChanges {
    const touched = new Set<string>();
    for (const entry of this.#entries.values()) {
      if (entry.quality === 'good' && (entry.updatedAt ?? 0) < olderThan) {
        entry.quality = 'stale';
        touched.add(entry.device_id);
      }
    }
    return { values: [], devices: this.#refreshDevices(touched, at) };
  }

  /**
   * Values not read since `olderThan` (epoch ms) become offline although the link looks up: a
   * device that stopped answering is unknown, not merely late.
   */
  markOfflineBefore(olderThan: number, at: number): CacheChanges {
    const touched = new Set<string>();
    for (const entry of this.#entries.values()) {
      if (entry.quality !== 'offline' && (entry.updatedAt ?? 0) < olderThan) {
        entry.quality = 'offline';
        touched.add(entry.device_id);
      }
    }
    return { values: [], devices: this.#refreshDevices(touched, at) };
  }

  /** The link is down: every value is offline at once, none may look live. */
  markAllOffline(at: number): CacheChanges {
    const touched = new Set<string>();
    for (const entry of this.#entries.values()) {
      if (entry.quality !== 'offline') {
        entry.quality = 'offline';
        touched.add(entry.device_id);
      }
    }
    return { values: [], devices: this.#refreshDevices(touched, at) };
  }

  get(key: string): TagValue | undefined {
    const entry = this.#entries.get(key);
    return entry ? publicView(entry) : undefined;
  }

  /** The value with the scan cycle that read it, for write confirmation. */
  reading(key: string): (TagValue & { readCycle: number }) | undefined {
    const entry = this.#entries.get(key);
    return entry ? { ...publicView(entry), readCycle: entry.readCycle } : undefined;
  }

  deviceQuality(deviceId: string): Quality | undefined {
    return this.#deviceQuality.get(deviceId);
  }

  devices(): { device_id: string; quality: Quality; values: TagValue[] }[] {
    return [...this.#byDevice].map(([device_id, entries]) => ({
      device_id,
      quality: this.#deviceQuality.get(device_id) ?? 'offline',
      values: entries.map(publicView),
    }));
  }

  #refreshDevices(deviceIds: Set<string>, at: number): DeviceQuality[] {
    const changes: DeviceQuality[] = [];
    for (const device_id of deviceIds) {
      const entries = this.#byDevice.get(device_id) ?? [];
      const quality = entries.reduce<Quality>(
        (worst, entry) => (RANK[entry.quality] > RANK[worst] ? entry.quality : worst),
        'good',
      );
      const previous = this.#deviceQuality.get(device_id) ?? 'offline';
      if (quality !== previous) {
        this.#deviceQuality.set(device_id, quality);
        changes.push({ device_id, quality, previous, at });
      }
    }
    return changes;
  }
}
