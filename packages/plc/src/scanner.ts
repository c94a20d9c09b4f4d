import { performance } from 'node:perf_hooks';
import { DriverError, type PlcDriver } from './driver.ts';
import type {
  CacheChanges,
  DeviceQuality,
  DeviceStateCache,
  Reading,
  TagValue,
} from './device-state-cache.ts';
import { splitAtGaps, type ReadRequest } from './read-planner.ts';
import { decodeTag } from './tag-codec.ts';
import type { TagMap } from './tag-map.ts';
import { TypedEmitter } from './typed-emitter.ts';

/** Modbus exception 2: the PLC has no such address. */
const ILLEGAL_DATA_ADDRESS = 2;

export interface ScanCycle {
  cycle: number;
  startedAt: number;
  durationMs: number;
  requests: number;
  failedRequests: number;
  /** Set when the cycle stopped early because the link broke. */
  linkError?: string;
}

export interface ReadFailure {
  request: ReadRequest;
  error: DriverError;
}

export interface ScannerEvents {
  value: TagValue;
  quality: DeviceQuality;
  cycle: ScanCycle;
  'read-error': ReadFailure;
}

export interface ScannerHealth {
  running: boolean;
  cycles: number;
  requestsPerCycle: number;
  lastCycleMs: number | null;
  maxCycleMs: number | null;
  lastCycleAt: number | null;
  lastReadError: string | null;
}

export interface ScannerOptions {
  driver: Pick<PlcDriver, 'readBlock'>;
  tagMap: TagMap;
  cache: DeviceStateCache;
  plan: readonly ReadRequest[];
  intervalMs: number;
  /** A value not read for this many scan intervals becomes stale. */
  staleAfterScans: number;
}

/**
 * Reads the plan in a loop while the link is up, decodes the replies into the cache and
 * publishes what changed. A cycle never overlaps the previous one: the next is scheduled when
 * the current one ends, `intervalMs` after it started (at once if it ran longer).
 */
export class Scanner extends TypedEmitter<ScannerEvents> {
  readonly #driver: Pick<PlcDriver, 'readBlock'>;
  readonly #tagMap: TagMap;
  readonly #cache: DeviceStateCache;
  readonly #intervalMs: number;
  readonly #staleAfterMs: number;
  #plan: ReadRequest[];
  #running = false;
  /** Bumped by every start(), so that a loop stopped and restarted never runs twice. */
  #loop = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #current: Promise<ScanCycle> | undefined;
  #cycles = 0;
  #lastCycle: ScanCycle | undefined;
  #maxCycleMs: number | null = null;
  #lastReadError: string | null = null;

  constructor(options: ScannerOptions) {
    super();
    this.#driver = options.driver;
    this.#tagMap = options.tagMap;
    this.#cache = options.cache;
    this.#plan = [...options.plan];
    this.#intervalMs = options.intervalMs;
    this.#staleAfterMs = options.staleAfterScans * options.intervalMs;
  }

  /** Scan cycles started so far; a cycle numbered above this one started after now. */
  get startedCycles(): number {
    return this.#cycles;
  }

  get plan(): readonly ReadRequest[] {
    return this.#plan;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop += 1;
    this.#schedule(0, this.#loop);
  }

  /** Stops the loop and waits for the cycle in progress, so no read outlives the scanner. */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#current;
  }

  /** Marks every value offline and publishes the device quality changes. */
  markOffline(at: number): void {
    this.#publish(this.#cache.markAllOffline(at));
  }

  /** Runs one cycle now (the loop uses it too). Never rejects. */
  runCycle(): Promise<ScanCycle> {
    const cycle = this.#current ?? this.#scan();
    this.#current = cycle;
    void cycle.finally(() => {
      if (this.#current === cycle) this.#current = undefined;
    });
    return cycle;
  }

  health(): ScannerHealth {
    return {
      running: this.#running,
      cycles: this.#cycles,
      requestsPerCycle: this.#plan.length,
      lastCycleMs: this.#lastCycle?.durationMs ?? null,
      maxCycleMs: this.#maxCycleMs,
      lastCycleAt: this.#lastCycle?.startedAt ?? null,
      lastReadError: this.#lastReadError,
    };
  }

  #schedule(delayMs: number, loop: number): void {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#running || loop !== this.#loop) return;
      void this.runCycle().then((cycle) => {
        if (!this.#running || loop !== this.#loop) return;
        this.#schedule(Math.max(0, this.#intervalMs - cycle.durationMs), loop);
      });
    }, delayMs);
  }

  async #scan(): Promise<ScanCycle> {
    this.#cycles += 1;
    const cycle = this.#cycles;
    const startedAt = Date.now();
    const started = performance.now();
    let failedRequests = 0;
    let linkError: string | undefined;
    const plan = this.#plan;
    for (const request of plan) {
      try {
        const raw = await this.#driver.readBlock(request.area, request.start, request.count);
        this.#publish(this.#cache.applyReadings(this.#decode(request, raw), Date.now(), cycle));
      } catch (error) {
        failedRequests += 1;
        const failure =
          error instanceof DriverError ? error : new DriverError('link', String(error));
        this.#lastReadError = failure.message;
        this.emit('read-error', { request, error: failure });
        if (failure.kind !== 'exception') {
          linkError = failure.message;
          break;
        }
        this.#splitIfRefused(request, failure);
      }
    }
    if (linkError === undefined) {
      const now = Date.now();
      // A value this very cycle read is never stale, however long the cycle took.
      const olderThan = Math.min(now - this.#staleAfterMs, startedAt);
      this.#publish(this.#cache.markStale(olderThan, now));
    }
    const result: ScanCycle = {
      cycle,
      startedAt,
      durationMs: performance.now() - started,
      requests: plan.length,
      failedRequests,
      ...(linkError === undefined ? {} : { linkError }),
    };
    this.#lastCycle = result;
    this.#maxCycleMs = Math.max(this.#maxCycleMs ?? 0, result.durationMs);
    this.emit('cycle', result);
    return result;
  }

  #decode(request: ReadRequest, raw: readonly number[]): Reading[] {
    const readings: Reading[] = [];
    for (const planned of request.tags) {
      const tag = this.#tagMap.byKey(planned.key);
      if (tag) readings.push({ key: planned.key, value: decodeTag(tag, raw, planned.offset) });
    }
    return readings;
  }

  /**
   * A PLC whose map has holes refuses a read that bridges one ("illegal data address"). Such a
   * request is split into gap-free reads from the next cycle on, instead of failing forever.
   */
  #splitIfRefused(request: ReadRequest, error: DriverError): void {
    if (error.exceptionCode !== ILLEGAL_DATA_ADDRESS || request.unmapped === 0) return;
    this.#plan = this.#plan.flatMap((planned) =>
      planned === request ? splitAtGaps(planned) : [planned],
    );
  }

  #publish(changes: CacheChanges): void {
    for (const value of changes.values) this.emit('value', value);
    for (const device of changes.devices) this.emit('quality', device);
  }
}
