import type { PlcDriver } from './driver.ts';
import type { DeviceStateCache } from './device-state-cache.ts';
import { RequestQueue } from './request-queue.ts';
import { encodeTag, sameTagValue } from './tag-codec.ts';
import { tagKey, type MappedTag, type TagMap, type TagRef } from './tag-map.ts';
import { TypedEmitter } from './typed-emitter.ts';

/**
 * - ok: the PLC acknowledged the write and its feedback showed the value in time.
 * - failed: refused before sending (unknown command, plc-owned, out of range, not connected)
 *   or the PLC did not acknowledge it.
 * - unconfirmed: acknowledged, but the feedback did not show the value in time.
 * - superseded: a later write to the same command replaced this one before it was confirmed.
 */
export type WriteResult = 'ok' | 'failed' | 'unconfirmed' | 'superseded';

export interface WriteRequest extends TagRef {
  /** Who asked: a user name or id (a workflow run writes for the person who started it). */
  who: string;
  value: number | boolean;
  /** What the write is for, beyond who asked: "workflow 'Roast', step 3, run 3f2a9c1e". */
  context?: string;
  /**
   * A control loop's output, written every second (a profile controller's burner): the log
   * keeps the ones that fail, not each that lands.
   */
  routine?: boolean;
}

export interface WriteRecord extends TagRef {
  who: string;
  value: number;
  context?: string;
  routine?: boolean;
  result: WriteResult;
  /** Epoch ms when write() was called. */
  requestedAt: number;
  /** From the call to the final result (confirmation, refusal or timeout). */
  latencyMs: number;
  /** From the call to the PLC's acknowledgement; null when it was never acknowledged. */
  ackLatencyMs: number | null;
  error?: string;
}

export interface WriterEvents {
  /** Every write, once its result is final. */
  write: WriteRecord;
  /** A warning: the PLC acknowledged a write but did not confirm it in time. */
  unconfirmed: WriteRecord;
}

export interface WriterOptions {
  driver: Pick<PlcDriver, 'write'>;
  tagMap: TagMap;
  cache: DeviceStateCache;
  confirmTimeoutMs: number;
  isConnected: () => boolean;
  /** Scan cycles started so far: only a cycle started after the acknowledgement confirms. */
  startedCycles: () => number;
}

/** Settles a write once; later calls do nothing and return undefined. */
type Finish = (result: WriteResult, error?: string) => WriteRecord | undefined;

interface PendingConfirmation {
  tag: MappedTag;
  feedback: MappedTag;
  value: number;
  ackCycle: number;
  finish: Finish;
}

/**
 * Writes console-owned tags one at a time per PLC and confirms each by the PLC's feedback.
 * write() never rejects: every outcome, refusals included, is a WriteRecord, so that each one
 * can go to the events log with who, what, value and result.
 */
export class Writer extends TypedEmitter<WriterEvents> {
  readonly #options: WriterOptions;
  readonly #queue = new RequestQueue();
  readonly #pending = new Map<string, PendingConfirmation>();
  readonly #lastWritten = new Map<string, number>();
  #unacknowledged = 0;

  constructor(options: WriterOptions) {
    super();
    this.#options = options;
  }

  get pendingConfirmations(): number {
    return this.#pending.size;
  }

  /** Writes queued or sent that the PLC has not acknowledged (nor refused) yet. */
  get unacknowledged(): number {
    return this.#unacknowledged;
  }

  write(request: WriteRequest): Promise<WriteRecord> {
    const requestedAt = Date.now();
    const ref: TagRef = {
      device_id: request.device_id,
      command_kind: request.command_kind,
      command_id: request.command_id,
    };
    let ackLatencyMs: number | null = null;
    let settle: (record: WriteRecord) => void = () => undefined;
    const done = new Promise<WriteRecord>((resolve) => {
      settle = resolve;
    });
    let finished = false;
    const finish: Finish = (result, error) => {
      if (finished) return undefined;
      finished = true;
      const record: WriteRecord = {
        ...ref,
        who: request.who,
        value: Number(request.value),
        ...(request.context === undefined ? {} : { context: request.context }),
        ...(request.routine ? { routine: true } : {}),
        result,
        requestedAt,
        latencyMs: Date.now() - requestedAt,
        ackLatencyMs,
        ...(error === undefined ? {} : { error }),
      };
      this.emit('write', record);
      settle(record);
      return record;
    };

    const target = this.#prepare(ref, request.value);
    if ('refusal' in target) {
      finish('failed', target.refusal);
      return done;
    }
    const { tag, feedback, raw } = target;
    this.#unacknowledged += 1;
    void this.#queue
      .enqueue(async () => {
        if (!this.#options.isConnected()) throw new Error('PLC not connected');
        await this.#options.driver.write(tag, raw);
      })
      .finally(() => {
        this.#unacknowledged -= 1;
      })
      .then(
        () => {
          ackLatencyMs = Date.now() - requestedAt;
          const value = Number(request.value);
          this.#lastWritten.set(tag.key, value);
          const ackCycle = this.#options.startedCycles();
          this.#awaitConfirmation({ tag, feedback, value, ackCycle, finish });
        },
        (error: unknown) =>
          finish('failed', error instanceof Error ? error.message : String(error)),
      );
    return done;
  }

  /** Resolves and encodes a write, or says why it is refused before anything is sent. */
  #prepare(
    ref: TagRef,
    value: number | boolean,
  ): { tag: MappedTag; feedback: MappedTag; raw: number[] } | { refusal: string } {
    const tag = this.#options.tagMap.get(ref);
    const feedback = tag && this.#options.tagMap.byKey(tag.feedbackKey);
    if (!tag || !feedback) return { refusal: `${tagKey(ref)} is not mapped to a PLC tag` };
    if (tag.owner !== 'app') return { refusal: `${tagKey(ref)} is owned by the PLC and read-only` };
    try {
      return { tag, feedback, raw: encodeTag(tag, value) };
    } catch (error) {
      return { refusal: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Checks the pending confirmations against the cache; the gateway calls it after each scan. */
  checkConfirmations(): void {
    for (const pending of [...this.#pending.values()]) {
      const reading = this.#options.cache.reading(pending.feedback.key);
      if (
        reading?.quality === 'good' &&
        reading.value !== null &&
        reading.readCycle > pending.ackCycle &&
        sameTagValue(pending.feedback, reading.value, pending.value)
      ) {
        pending.finish('ok');
      }
    }
  }

  /**
   * isSame: the PLC's feedback equals what the console last wrote. Before the console wrote
   * anything since start, the app tag's own reading stands for "last written" (the PLC keeps
   * the console's last command across a console restart). False when the value is not live.
   */
  isSame(ref: TagRef): boolean {
    const tag = this.#options.tagMap.get(ref);
    if (!tag) return false;
    const feedback = this.#options.cache.get(tag.feedbackKey);
    const feedbackTag = this.#options.tagMap.byKey(tag.feedbackKey);
    if (!feedback || !feedbackTag || feedback.quality !== 'good' || feedback.value === null) {
      return false;
    }
    const own = this.#options.cache.get(tag.key);
    const expected = this.#lastWritten.get(tag.key) ?? (own?.quality === 'good' ? own.value : null);
    return expected !== null && sameTagValue(feedbackTag, feedback.value, expected);
  }

  /** What the console last wrote to a command since start, if anything. */
  lastWritten(ref: TagRef): number | undefined {
    return this.#lastWritten.get(tagKey(ref));
  }

  /**
   * Ends every pending confirmation because the gateway is stopping: they end unconfirmed,
   * without the warning, which is for a PLC that did not answer, not for a shutdown.
   */
  abandonPending(reason: string): void {
    for (const pending of [...this.#pending.values()]) pending.finish('unconfirmed', reason);
  }

  #awaitConfirmation(pending: PendingConfirmation): void {
    this.#pending.get(pending.tag.key)?.finish('superseded', 'a later write replaced it');
    const timer = setTimeout(() => {
      const timeout = `the PLC did not confirm within ${this.#options.confirmTimeoutMs} ms`;
      const record = wrapped.finish('unconfirmed', timeout);
      if (record) this.emit('unconfirmed', record);
    }, this.#options.confirmTimeoutMs);
    const wrapped: PendingConfirmation = {
      ...pending,
      finish: (result, error) => {
        clearTimeout(timer);
        if (this.#pending.get(pending.tag.key) === wrapped) this.#pending.delete(pending.tag.key);
        return pending.finish(result, error);
      },
    };
    this.#pending.set(pending.tag.key, wrapped);
  }
}
