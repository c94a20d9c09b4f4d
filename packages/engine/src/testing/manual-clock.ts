import type { Clock } from '../ports.ts';

interface Timer {
  at: number;
  fn: () => void;
}

/** A clock that moves only when a test says so, so timeouts are tested without waiting. */
export class ManualClock implements Clock {
  #now: number;
  readonly #timers = new Set<Timer>();

  constructor(start = Date.UTC(2025, 0, 6, 8, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const timer: Timer = { at: this.#now + ms, fn };
    this.#timers.add(timer);
    return () => this.#timers.delete(timer);
  }

  /** Moves time forward, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const due = [...this.#timers].filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#timers.delete(due);
      this.#now = due.at;
      due.fn();
    }
    this.#now = until;
  }

  get pendingTimers(): number {
    return this.#timers.size;
  }
}

/** Wall time, for tests and benchmarks against the simulator. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};
