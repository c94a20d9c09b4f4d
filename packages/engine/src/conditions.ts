import type { Clock } from './ports.ts';

interface Waiter {
  owner: string;
  predicate: () => boolean;
  settle: (held: boolean) => void;
}

/**
 * Temporal's `condition(predicate, timeout)`: a wait that re-evaluates its predicate whenever
 * something it may depend on changed (`recheck()`, called on every scanned PLC change and every
 * run transition) and resolves false on timeout. Nothing polls: between changes no code runs.
 */
export class Conditions {
  readonly #clock: Clock;
  readonly #waiters = new Set<Waiter>();
  #closed = false;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /**
   * Resolves true as soon as the predicate holds (at once if it already does), false when
   * timeoutMs passes first or when the owner's waits are cancelled. Without timeoutMs it waits
   * until one of those. Once closed, a wait asked for resolves false at once.
   */
  condition(owner: string, predicate: () => boolean, timeoutMs?: number): Promise<boolean> {
    if (predicate()) return Promise.resolve(true);
    if (this.#closed) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      let cancelTimer: () => void = () => undefined;
      const waiter: Waiter = {
        owner,
        predicate,
        settle: (held) => {
          if (!this.#waiters.delete(waiter)) return;
          cancelTimer();
          resolve(held);
        },
      };
      this.#waiters.add(waiter);
      if (timeoutMs !== undefined) {
        cancelTimer = this.#clock.setTimer(timeoutMs, () => waiter.settle(false));
      }
    });
  }

  /** Re-evaluates every pending wait. */
  recheck(): void {
    for (const waiter of [...this.#waiters]) {
      if (waiter.predicate()) waiter.settle(true);
    }
  }

  /** Ends the owner's pending waits with false: the run was stopped or failed. */
  cancel(owner: string): void {
    for (const waiter of [...this.#waiters]) {
      if (waiter.owner === owner) waiter.settle(false);
    }
  }

  /**
   * Ends every pending wait with false, and every wait asked for until open(): a run still
   * storing its last step when the engine closes asks for its next wait after the close.
   */
  close(): void {
    this.#closed = true;
    for (const waiter of [...this.#waiters]) waiter.settle(false);
  }

  open(): void {
    this.#closed = false;
  }

  get pending(): number {
    return this.#waiters.size;
  }
}
