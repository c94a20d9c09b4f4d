interface Timer {
  due: number;
  order: number;
  action: () => void;
}

/**
 * Keyed one-shot timers on the model's own clock. Setting a key again replaces its timer, so a
 * command written twice within the echo delay is confirmed once, with the last value.
 */
export class TimerQueue {
  readonly #timers = new Map<string, Timer>();
  #order = 0;

  set(key: string, due: number, action: () => void): void {
    this.#order += 1;
    this.#timers.set(key, { due, order: this.#order, action });
  }

  delete(key: string): void {
    this.#timers.delete(key);
  }

  nextDue(): number | undefined {
    let next: number | undefined;
    for (const timer of this.#timers.values()) {
      if (next === undefined || timer.due < next) next = timer.due;
    }
    return next;
  }

  /** Runs, in due order, every timer due at or before `now`. */
  runDue(now: number): void {
    const due = [...this.#timers.entries()]
      .filter(([, timer]) => timer.due <= now)
      .sort(([, a], [, b]) => a.due - b.due || a.order - b.order);
    for (const [key, timer] of due) {
      // An earlier action in this batch may have replaced or cancelled this timer.
      if (this.#timers.get(key) !== timer) continue;
      this.#timers.delete(key);
      timer.action();
    }
  }
}
