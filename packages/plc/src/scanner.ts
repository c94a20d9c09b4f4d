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
  /** A value not read for this many scan intervals becomes offline, even on a live link. */
  offlineAfterScans: number;
  /** Reads of a cycle in flight at once (1 when unset): the driver's maxInFlight. */
  maxInFlight?: number;
}

type ReadOutcome = { raw: number[] } | { error: DriverError };

/**
 * Starts a cycle's reads in plan order, at most `limit` at a time, each as soon as an earlier
 * one is answered. A link error stops it starting more: the link is gone, as are the requests
 * queued behind it. Outcomes never reject; a read never started never settles.
 */
function startReads(
  driver: Pick<PlcDriver, 'readBlock'>,
  plan: readonly ReadRequest[],
  limit: number,
): {
  reads: { request: ReadRequest; outcome: Promise<ReadOutcome> }[];
  /** Settles once every read started so far has; no read starts after a link error. */
  settled: () => Promise<unknown>;
} {
  const slots = plan.map((request) => ({ request, ...Promise.withResolvers<ReadOutcome>() }));
  const started: Promise<ReadOutcome>[] = [];
  let next = 0;
  let halted = false;
  const launch = (): void => {
    const slot = slots[next];
    if (halted || !slot) return;
    next += 1;
    started.push(slot.promise);
    const { area, start, count } = slot.request;
    driver
      .readBlock(area, start, count)
      .then(
        (raw): ReadOutcome => ({ raw }),
        (error: unknown): ReadOutcome => ({
          error: error instanceof DriverError ? error : new DriverError('link', String(error)),
        }),
      )
      .then((outcome) => {
        if ('error' in outcome && outcome.error.kind !== 'exception') halted = true;
        slot.resolve(outcome);
        launch();
      });
  };
  for (let lane = 0; lane < limit; lane += 1) launch();
  return {
    reads: slots.map(({ request, promise }) => ({ request, outcome: promise })),
    settled: () => Promise.all(started),
  };
}

/**
 * Reads the plan in a loop while the link is up, decodes the replies into the cache and
 * publishes what changed. A cycle never overlaps the previous one: the next is scheduled when
 * the current one ends, `intervalMs` after it started (at once if it ran longer). Within a
 * cycle up to `maxInFlight` reads are in flight at once; their replies are decoded in plan order
 * whatever order they arrive in, so a cycle publishes as a sequential one would.
 */
export class Scanner extends TypedEmitter<ScannerEvents> {
  readonly #driver: Pick<PlcDriver, 'readBlock'>;
  readonly #tagMap: TagMap;
  readonly #cache: DeviceStateCache;
  readonly #intervalMs: number;
  readonly #staleAfterMs: number;
  readonly #offlineAfterMs: number;
  readonly #maxInFlight: number;
  #watchdog: ReturnType<typeof setInterval> | undefined;
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
    this.#offlineAfterMs = options.offlineAfterScans * options.intervalMs;
    this.#maxInFlight = options.maxInFlight ?? 1;
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
    this.#startWatchdog();
  }

  /** Stops the loop and waits for the cycle in progress, so no read outlives the scanner. */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    clearInterval(this.#watchdog);
    this.#watchdog = undefined;
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

  /**
   * Ages the values between cycles too: a read that hangs (a PLC that stopped answering, a
   * congested link) holds its cycle up to the request timeout, and the values must not look
   * live meanwhile. A tick that comes late by more than an interval means this process itself
   * was held up (the scan could not run either), so it ages nothing: staleness speaks of the
   * PLC, not of the console's own pauses.
   */
  #startWatchdog(): void {
    clearInterval(this.#watchdog);
    let expected = Date.now() + this.#intervalMs;
    this.#watchdog = setInterval(() => {
      const now = Date.now();
      const late = now - expected;
      expected = now + this.#intervalMs;
      if (late > this.#intervalMs) return;
      this.#publish(this.#cache.markOfflineBefore(now - this.#offlineAfterMs, now));
      this.#publish(this.#cache.markStale(now - this.#staleAfterMs, now));
    }, this.#intervalMs);
    this.#watchdog.unref();
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
    const cycleReads = startReads(this.#driver, plan, this.#maxInFlight);
    for (const { request, outcome: pending } of cycleReads.reads) {
      const outcome = await pending;
      if ('raw' in outcome) {
        this.#publish(
          this.#cache.applyReadings(this.#decode(request, outcome.raw), Date.now(), cycle),
        );
        continue;
      }
      failedRequests += 1;
      this.#lastReadError = outcome.error.message;
      this.emit('read-error', { request, error: outcome.error });
      if (outcome.error.kind !== 'exception') {
        linkError = outcome.error.message;
        break;
      }
      this.#splitIfRefused(request, outcome.error);
    }
    // The reads already sent when the link broke settle too before the cycle ends, so that no
    // read outlives a stopped scanner.
    await cycleReads.settled();
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
