import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import type { EventHub } from '../hub/event-hub.ts';
import type { PlantEventOf } from '../hub/plant-events.ts';
import type { LeaderRequestRepository, LeaderRequestRow } from './leader-request-repository.ts';
import { requestFingerprint } from './request-fingerprint.ts';

export interface LeaderRequestsDeps {
  repo: LeaderRequestRepository;
  hub: Pick<EventHub, 'publish' | 'subscribe'>;
  /** Absent: this is the only instance and it always drives the plant. */
  leadership?: { isLeader(): boolean; readonly instance: string };
  /** How long an instance that does not lead waits for the leader's answer. */
  timeoutMs: number;
  logger: FastifyBaseLogger;
  /** How often a waiting request reads its row (a read asks again), should a message be missed. */
  pollMs?: number;
  /** How long an answered request is kept, and its key honoured: a day when omitted. */
  retentionMs?: number;
  /** The clock of answers and of their removal; tests move it on. */
  now?: () => Date;
}

export type Answer = { statusCode: number; message: string };
type ReadAnswer = PlantEventOf<'leader-read-answer'>['answer'];

/** The leader removes old answers at most this often, after answering a request. */
const SWEEP_EVERY_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

export const REUSED_KEY_MESSAGE =
  'This Idempotency-Key was already used for a different request. Send a new request with a new key.';

/** What `once` gives the leader for a request under a key: run it, or the first one's answer. */
export type FirstOrAnswer<T> =
  | { first: true; finish: (result: T | Answer, status?: 'done' | 'failed') => Promise<void> }
  | { first: false; answer: T };

/**
 * What reaches the PLC is done by the leading instance alone. An operation (a manual command, a
 * workflow or order start) registered here runs at once on the leader; on another instance it
 * is stored in `leader_requests` and announced on the hub, the leader claims it once (SKIP
 * LOCKED), runs it and stores the answer, and the asking instance answers its HTTP request with
 * it. A request a leader claimed and did not answer before it went away is failed by the next
 * leader, never run again: whether it reached the PLC is unknown. A read changes nothing and is
 * asked of the leader over the hub alone, never stored. A request under a caller's key is stored
 * on the leader too, so that a retry on any instance gets the first answer.
 */
export class LeaderRequests {
  readonly #d: LeaderRequestsDeps;
  readonly #handlers = new Map<string, (args: never) => Promise<unknown>>();
  readonly #readers = new Map<string, (args: never) => Promise<unknown>>();
  readonly #waiters = new Map<number, () => void>();
  /** The reads this instance asked of the leader, by id, waiting for the answer. */
  readonly #asked = new Map<string, (answer: ReadAnswer) => void>();
  /** The reads the leader is answering: one asked again meanwhile is not run twice. */
  readonly #reading = new Set<string>();
  readonly #running = new Set<Promise<void>>();
  readonly #now: () => Date;
  #draining = false;
  #drainAgain = false;
  #sweptAt = -Infinity;

  constructor(deps: LeaderRequestsDeps) {
    this.#d = deps;
    this.#now = deps.now ?? (() => new Date());
    deps.hub.subscribe('leader-request', (event) => {
      if (event.change === 'answered') this.#waiters.get(event.id)?.();
      else if (this.#leads()) void this.#drain();
    });
    deps.hub.subscribe('leader-read', (event) => {
      if (this.#leads() && !this.#reading.has(event.id)) this.#track(this.#answerRead(event));
    });
    deps.hub.subscribe('leader-read-answer', (event) => this.#asked.get(event.id)?.(event.answer));
  }

  /**
   * Registers an operation by name and returns how to call it: here when this instance leads,
   * through the leader otherwise. Arguments and answer must be plain JSON. A call with a key is
   * stored wherever it runs: the same key again gets the first answer, with another request 422.
   */
  operation<A, T>(
    name: string,
    run: (args: A) => Promise<T>,
  ): (args: A, idempotencyKey?: string) => Promise<T> {
    this.#handlers.set(name, run as (args: never) => Promise<unknown>);
    return async (args, key) => {
      if (!this.#leads()) return this.#ask<T>(name, args, key);
      if (key === undefined) return run(args);
      const step = await this.once<T>(name, args, key);
      if (!step.first) return step.answer;
      const answer = await this.#outcome(() => run(args));
      if (answer.ok) await step.finish(answer.result as T);
      else await step.finish(answer.failed, 'failed');
      if (answer.ok) return answer.result as T;
      throw new HttpError(answer.failed.statusCode, answer.failed.message);
    };
  }

  /**
   * Registers a read by name and returns how to call it: here when this instance leads, asked of
   * the leader over the hub otherwise. Arguments and answer must be plain JSON.
   */
  read<A, T>(name: string, run: (args: A) => Promise<T>): (args: A) => Promise<T> {
    this.#readers.set(name, run as (args: never) => Promise<unknown>);
    return (args) => (this.#leads() ? run(args) : this.#askRead<T>(name, args));
  }

  /**
   * On the leader, a request under a caller's key: the first one is stored as claimed by this
   * instance and run by the caller, who stores its answer with `finish` (a refusal as
   * `{ statusCode, message }`, 'failed'); a repeat gets the first one's answer, waiting
   * for it if need be. A key used before for another request is refused with 422.
   */
  async once<T>(operation: string, args: unknown, key: string): Promise<FirstOrAnswer<T>> {
    const instance = this.#d.leadership?.instance ?? 'console';
    const { row, inserted } = await this.#d.repo.insert({
      idempotencyKey: `${operation}:${key}`,
      operation,
      args,
      requestHash: requestFingerprint({ operation, args }),
      requestedBy: instance,
      claimedBy: instance,
    });
    if (!inserted) return { first: false, answer: await this.#answerOf<T>(row, args) };
    return {
      first: true,
      finish: async (result, status = 'done') => {
        await this.#d.repo.finish(row.id, status, result ?? null, this.#now());
        this.#d.hub.publish({ type: 'leader-request', id: row.id, change: 'answered' });
        await this.#sweep();
      },
    };
  }

  /**
   * Called when this instance has become the leader and its plant is running: fails what the
   * previous leader left unanswered, then runs what is waiting.
   */
  async takeOver(): Promise<void> {
    const failed = await this.#d.repo.failUnfinished(
      'The console instance driving the plant stopped before it finished this request; it was not sent again. Check the device and try again.',
      this.#now(),
    );
    for (const id of failed)
      this.#d.hub.publish({ type: 'leader-request', id, change: 'answered' });
    if (failed.length) {
      this.#d.logger.warn({ requests: failed }, 'failed requests the previous leader left open');
    }
    await this.#sweep();
    await this.#drain();
  }

  /** Waits for the requests and reads this instance is running (shutdown and tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.#running]);
  }

  #leads(): boolean {
    return !this.#d.leadership || this.#d.leadership.isLeader();
  }

  #track(work: Promise<void>): void {
    const run = work.finally(() => this.#running.delete(run));
    this.#running.add(run);
  }

  async #drain(): Promise<void> {
    if (this.#draining) {
      this.#drainAgain = true;
      return;
    }
    this.#draining = true;
    try {
      do {
        this.#drainAgain = false;
        for (;;) {
          if (!this.#leads()) return;
          const row = await this.#d.repo.claimNext(this.#d.leadership?.instance ?? 'console');
          if (!row) break;
          this.#track(this.#execute(row));
        }
      } while (this.#drainAgain);
    } catch (err) {
      this.#d.logger.error({ err }, 'requests for the leader could not be read');
    } finally {
      this.#draining = false;
    }
  }

  /** Runs an operation; a refusal or a failure becomes the answer to store. */
  async #outcome(
    run: () => Promise<unknown>,
  ): Promise<{ ok: true; result: unknown } | { ok: false; failed: Answer }> {
    try {
      return { ok: true, result: (await run()) ?? null };
    } catch (err) {
      if (err instanceof HttpError) {
        return { ok: false, failed: { statusCode: err.statusCode, message: err.message } };
      }
      this.#d.logger.error({ err }, 'leader request failed');
      return {
        ok: false,
        failed: { statusCode: 500, message: 'Something went wrong on the server.' },
      };
    }
  }

  async #execute(row: LeaderRequestRow): Promise<void> {
    const handler = this.#handlers.get(row.operation);
    const answer = await this.#outcome(async () => {
      if (!handler) throw new HttpError(501, `Unknown request '${row.operation}'.`);
      return handler(row.args as never);
    });
    await this.#d.repo
      .finish(
        row.id,
        answer.ok ? 'done' : 'failed',
        answer.ok ? answer.result : answer.failed,
        this.#now(),
      )
      .catch((err: unknown) => {
        this.#d.logger.error({ err }, 'the answer to a leader request was not stored');
      });
    this.#d.hub.publish({ type: 'leader-request', id: row.id, change: 'answered' });
    await this.#sweep();
  }

  /** Deletes what was answered longer ago than the retention; at most once a minute. */
  async #sweep(): Promise<void> {
    const now = this.#now().getTime();
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now;
    const cutoff = new Date(now - (this.#d.retentionMs ?? DAY_MS));
    await this.#d.repo.removeAnsweredBefore(cutoff).catch((err: unknown) => {
      this.#d.logger.warn({ err }, 'old requests for the leader were not removed');
    });
  }

  async #answerRead(event: PlantEventOf<'leader-read'>): Promise<void> {
    this.#reading.add(event.id);
    try {
      const reader = this.#readers.get(event.operation);
      const answer = await this.#outcome(async () => {
        if (!reader) throw new HttpError(501, `Unknown read '${event.operation}'.`);
        return reader(event.args as never);
      });
      this.#d.hub.publish({
        type: 'leader-read-answer',
        id: event.id,
        answer: answer.ok ? answer : { ok: false, ...answer.failed },
      });
    } finally {
      this.#reading.delete(event.id);
    }
  }

  /**
   * Asks the leader for a read over the hub and waits for its answer, asking again every poll:
   * no instance may have led when it was first asked, or the leader went away meanwhile. A read
   * changes nothing, so one answered twice does no harm.
   */
  async #askRead<T>(operation: string, args: unknown): Promise<T> {
    const id = randomUUID();
    const deadline = Date.now() + this.#d.timeoutMs;
    const got: { answer?: ReadAnswer; wake: () => void } = { wake: () => undefined };
    this.#asked.set(id, (answer) => {
      got.answer = answer;
      got.wake();
    });
    try {
      while (!got.answer) {
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new HttpError(
            503,
            'No console instance is driving the plant at the moment. Try again in a few seconds.',
          );
        }
        this.#d.hub.publish({ type: 'leader-read', id, operation, args });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, this.#d.pollMs ?? 1000));
          got.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      this.#asked.delete(id);
    }
    if (got.answer.ok) return got.answer.result as T;
    throw new HttpError(got.answer.statusCode, got.answer.message);
  }

  /**
   * A key given twice is one request: the second call waits for the first's answer instead of
   * running it again (a browser retrying a call whose reply it did not get). The same key with
   * another request is refused.
   */
  async #ask<T>(operation: string, args: unknown, key: string = randomUUID()): Promise<T> {
    const { row, inserted } = await this.#d.repo.insert({
      idempotencyKey: `${operation}:${key}`,
      operation,
      args,
      requestHash: requestFingerprint({ operation, args }),
      requestedBy: this.#d.leadership?.instance ?? 'console',
    });
    if (!inserted) return this.#answerOf<T>(row, args);
    return this.#wait<T>(row.id, true);
  }

  /** The answer of a request stored before under the same key, if it is the same request. */
  async #answerOf<T>(row: LeaderRequestRow, args: unknown): Promise<T> {
    if (row.requestHash !== requestFingerprint({ operation: row.operation, args })) {
      throw new HttpError(422, REUSED_KEY_MESSAGE);
    }
    return this.#wait<T>(row.id, false);
  }

  /** Waits for a stored request's answer; `announce` tells the leader it waits. */
  async #wait<T>(id: number, announce: boolean): Promise<T> {
    const deadline = Date.now() + this.#d.timeoutMs;
    // Listening before the leader can answer: an answer during a read is not missed.
    const signal = { answered: false, wake: (): void => undefined };
    this.#waiters.set(id, () => {
      signal.answered = true;
      signal.wake();
    });
    if (announce) this.#d.hub.publish({ type: 'leader-request', id, change: 'asked' });
    try {
      for (;;) {
        signal.answered = false;
        const current = await this.#d.repo.get(id);
        if (current && current.status !== 'pending' && current.status !== 'claimed') {
          return this.#answer<T>(current);
        }
        const left = deadline - Date.now();
        if (left <= 0) break;
        if (signal.answered) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, this.#d.pollMs ?? 1000));
          signal.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      this.#waiters.delete(id);
    }
    const seconds = Math.round(this.#d.timeoutMs / 1000);
    if (await this.#d.repo.expire(id, 'expired', this.#now())) {
      throw new HttpError(
        503,
        `No console instance is driving the plant at the moment: nothing was sent. Try again in a few seconds.`,
      );
    }
    const late = await this.#d.repo.get(id);
    if (late && late.status !== 'claimed') return this.#answer<T>(late);
    throw new HttpError(
      504,
      `The console instance driving the plant did not answer within ${seconds} s. The request may still be carried out: check the device and the events log before trying again.`,
    );
  }

  #answer<T>(row: LeaderRequestRow): T {
    if (row.status === 'done') return row.result as T;
    const answer = row.result as Answer;
    throw new HttpError(answer.statusCode, answer.message);
  }
}
