import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import type { EventHub } from '../hub/event-hub.ts';
import type { LeaderRequestRepository, LeaderRequestRow } from './leader-request-repository.ts';

export interface LeaderRequestsDeps {
  repo: LeaderRequestRepository;
  hub: Pick<EventHub, 'publish' | 'subscribe'>;
  /** Absent: this is the only instance and it always drives the plant. */
  leadership?: { isLeader(): boolean; readonly instance: string };
  /** How long an instance that does not lead waits for the leader's answer. */
  timeoutMs: number;
  logger: FastifyBaseLogger;
  /** How often a waiting request reads its row, should a notification be missed. */
  pollMs?: number;
}

type Answer = { statusCode: number; message: string };

/**
 * What reaches the PLC is done by the leading instance alone. An operation (a manual command, a
 * workflow or order start) registered here runs at once on the leader; on another instance it
 * is stored in `leader_requests` and announced on the hub, the leader claims it once (SKIP
 * LOCKED), runs it and stores the answer, and the asking instance answers its HTTP request with
 * it. A request a leader claimed and did not answer before it went away is failed by the next
 * leader, never run again: whether it reached the PLC is unknown.
 */
export class LeaderRequests {
  readonly #d: LeaderRequestsDeps;
  readonly #handlers = new Map<string, (args: never) => Promise<unknown>>();
  readonly #waiters = new Map<number, () => void>();
  readonly #running = new Set<Promise<void>>();
  #draining = false;
  #drainAgain = false;

  constructor(deps: LeaderRequestsDeps) {
    this.#d = deps;
    deps.hub.subscribe('leader-request', (event) => {
      if (event.change === 'answered') this.#waiters.get(event.id)?.();
      else if (this.#leads()) void this.#drain();
    });
  }

  /**
   * Registers an operation by name and returns how to call it: here when this instance leads,
   * through the leader otherwise. Arguments and answer must be plain JSON.
   */
  operation<A, T>(
    name: string,
    run: (args: A) => Promise<T>,
  ): (args: A, idempotencyKey?: string) => Promise<T> {
    this.#handlers.set(name, run as (args: never) => Promise<unknown>);
    return (args, key) => (this.#leads() ? run(args) : this.#ask<T>(name, args, key));
  }

  /**
   * Called when this instance has become the leader and its plant is running: fails what the
   * previous leader left unanswered, then runs what is waiting.
   */
  async takeOver(): Promise<void> {
    const failed = await this.#d.repo.failUnfinished(
      'The console instance driving the plant stopped before it finished this request; it was not sent again. Check the device and try again.',
    );
    for (const id of failed)
      this.#d.hub.publish({ type: 'leader-request', id, change: 'answered' });
    if (failed.length) {
      this.#d.logger.warn({ requests: failed }, 'failed requests the previous leader left open');
    }
    await this.#drain();
  }

  /** Waits for the requests this instance is running (shutdown and tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.#running]);
  }

  #leads(): boolean {
    return !this.#d.leadership || this.#d.leadership.isLeader();
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
          const run = this.#execute(row).finally(() => this.#running.delete(run));
          this.#running.add(run);
        }
      } while (this.#drainAgain);
    } catch (err) {
      this.#d.logger.error({ err }, 'requests for the leader could not be read');
    } finally {
      this.#draining = false;
    }
  }

  async #execute(row: LeaderRequestRow): Promise<void> {
    const handler = this.#handlers.get(row.operation);
    try {
      if (!handler) throw new HttpError(501, `Unknown request '${row.operation}'.`);
      const result = await handler(row.args as never);
      await this.#d.repo.finish(row.id, 'done', result ?? null);
    } catch (err) {
      const answer: Answer =
        err instanceof HttpError
          ? { statusCode: err.statusCode, message: err.message }
          : { statusCode: 500, message: 'Something went wrong on the server.' };
      if (!(err instanceof HttpError)) this.#d.logger.error({ err }, 'leader request failed');
      await this.#d.repo.finish(row.id, 'failed', answer).catch((e: unknown) => {
        this.#d.logger.error({ err: e }, 'the answer to a leader request was not stored');
      });
    }
    this.#d.hub.publish({ type: 'leader-request', id: row.id, change: 'answered' });
  }

  /**
   * A key given twice is one request: the second call waits for the first's answer instead of
   * running it again (a browser retrying a call whose reply it did not get).
   */
  async #ask<T>(operation: string, args: unknown, key: string = randomUUID()): Promise<T> {
    const row = await this.#d.repo.insert({
      idempotencyKey: `${operation}:${key}`,
      operation,
      args,
      requestedBy: this.#d.leadership?.instance ?? 'console',
    });
    const deadline = Date.now() + this.#d.timeoutMs;
    // Listening before the leader can answer: an answer during a read is not missed.
    const signal = { answered: false, wake: (): void => undefined };
    this.#waiters.set(row.id, () => {
      signal.answered = true;
      signal.wake();
    });
    this.#d.hub.publish({ type: 'leader-request', id: row.id, change: 'asked' });
    try {
      for (;;) {
        signal.answered = false;
        const current = await this.#d.repo.get(row.id);
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
      this.#waiters.delete(row.id);
    }
    const seconds = Math.round(this.#d.timeoutMs / 1000);
    if (await this.#d.repo.expire(row.id, 'expired')) {
      throw new HttpError(
        503,
        `No console instance is driving the plant at the moment: nothing was sent. Try again in a few seconds.`,
      );
    }
    const late = await this.#d.repo.get(row.id);
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
