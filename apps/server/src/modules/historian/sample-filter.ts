import { historianTagKeyOf, type CommandKind, type Quality } from '@roastery/contract';
import { beyondDeadband } from './deadband.ts';

/** One command of one device: a tag. */
export interface TagRef {
  device_id: string;
  kind: CommandKind;
  command_id: number;
}

/** A value to store: the tag's value and quality from `at` (epoch ms) on. */
export interface Sample extends TagRef {
  at: number;
  value: number | null;
  quality: Quality;
}

interface Reading {
  value: number | null;
  quality: Quality;
}

interface TagState {
  ref: TagRef;
  deadband: number;
  /** The latest value scanned, stored or not. */
  current: Reading;
  stored: Reading & { at: number };
}

export interface SampleFilterOptions {
  /** A value that stays within its deadband is stored again after this long: the line is live. */
  heartbeatMs: number;
  /** During a roaster's batch, each of its tags is stored at least this often, every change kept. */
  batchIntervalMs: number;
  deadbandOf: (ref: TagRef) => number;
}

/**
 * Decides which scanned values are stored: a change beyond the tag's deadband, any change of
 * quality, the first value of a tag, and a heartbeat of a value that stayed within its deadband.
 * Pure: it is handed the time of each value and of each heartbeat check.
 */
export class SampleFilter {
  readonly #options: SampleFilterOptions;
  readonly #tags = new Map<string, TagState>();
  readonly #inBatch = new Set<string>();

  constructor(options: SampleFilterOptions) {
    this.#options = options;
  }

  /** A scanned value of a tag at `at`: the sample to store, or undefined. */
  offer(ref: TagRef, value: number | null, quality: Quality, at: number): Sample | undefined {
    const key = historianTagKeyOf(ref);
    const state = this.#tags.get(key);
    if (!state) {
      const stored = { value, quality, at };
      this.#tags.set(key, {
        ref,
        deadband: this.#options.deadbandOf(ref),
        current: stored,
        stored,
      });
      return { ...ref, at, value, quality };
    }
    state.current = { value, quality };
    const deadband = this.#inBatch.has(ref.device_id) ? 0 : state.deadband;
    const changed =
      quality !== state.stored.quality || beyondDeadband(state.stored.value, value, deadband);
    return changed ? store(state, at) : undefined;
  }

  /** Every known tag of a device took one quality at once (an offline value is unknown: null). */
  deviceQuality(device_id: string, quality: Quality, at: number): Sample[] {
    return this.#setQuality((ref) => ref.device_id === device_id, quality, at);
  }

  /** The plant stopped: no value is known any more, and no heartbeat may say otherwise. */
  allOffline(at: number): Sample[] {
    return this.#setQuality(() => true, 'offline', at);
  }

  #setQuality(of: (ref: TagRef) => boolean, quality: Quality, at: number): Sample[] {
    const samples: Sample[] = [];
    for (const state of this.#tags.values()) {
      if (!of(state.ref) || state.current.quality === quality) continue;
      state.current = { value: quality === 'offline' ? null : state.current.value, quality };
      samples.push(store(state, at));
    }
    return samples;
  }

  /** A roaster's batch began or ended: its tags are kept at full resolution meanwhile. */
  setBatch(device_id: string, active: boolean): void {
    if (active) this.#inBatch.add(device_id);
    else this.#inBatch.delete(device_id);
  }

  inBatch(device_id: string): boolean {
    return this.#inBatch.has(device_id);
  }

  /** The heartbeats due at `at`: each tag's current value, when its last store is old enough. */
  due(at: number): Sample[] {
    const { heartbeatMs, batchIntervalMs } = this.#options;
    const samples: Sample[] = [];
    for (const state of this.#tags.values()) {
      const interval = this.#inBatch.has(state.ref.device_id) ? batchIntervalMs : heartbeatMs;
      if (at - state.stored.at >= interval) samples.push(store(state, at));
    }
    return samples;
  }

  /** The tags' units may have changed (a configuration change): ask for every deadband again. */
  refreshDeadbands(): void {
    for (const state of this.#tags.values()) state.deadband = this.#options.deadbandOf(state.ref);
  }

  get size(): number {
    return this.#tags.size;
  }
}

function store(state: TagState, at: number): Sample {
  state.stored = { ...state.current, at };
  return { ...state.ref, at, ...state.current };
}
