/** ISA-18.2's flood: more than 10 alarms raised within 10 minutes. */
export const FLOOD_THRESHOLD = 10;
export const FLOOD_WINDOW_MS = 10 * 60_000;

export interface FloodState {
  flooding: boolean;
  /** Alarms raised within the window ending now. */
  count: number;
  /** When the flood began; null when there is none. */
  since: Date | null;
}

/**
 * A sliding window over the instants alarms were raised. Pure: it is told each raise and asked
 * at an instant, so time is whatever the caller says it is.
 */
export class FloodDetector {
  readonly #threshold: number;
  readonly #windowMs: number;
  /** Raise instants in milliseconds, oldest first. */
  #raised: number[] = [];
  #since: number | null = null;

  constructor(threshold = FLOOD_THRESHOLD, windowMs = FLOOD_WINDOW_MS) {
    this.#threshold = threshold;
    this.#windowMs = windowMs;
  }

  /** Starts over from the raise instants the database holds, in any order. */
  load(raisedAt: Date[], now: Date): FloodState {
    this.#raised = raisedAt.map((d) => d.getTime()).sort((a, b) => a - b);
    this.#since = null;
    return this.at(now);
  }

  record(raisedAt: Date): FloodState {
    const ms = raisedAt.getTime();
    // Raises arrive in order but their instants may tie or, across a restart, be earlier.
    let at = this.#raised.length;
    while (at > 0 && (this.#raised[at - 1] ?? 0) > ms) at -= 1;
    this.#raised.splice(at, 0, ms);
    return this.at(raisedAt);
  }

  /** The flood state at `now`, forgetting raises that left the window. */
  at(now: Date): FloodState {
    const start = now.getTime() - this.#windowMs;
    let drop = 0;
    while (drop < this.#raised.length && (this.#raised[drop] ?? start) <= start) drop += 1;
    if (drop > 0) this.#raised.splice(0, drop);
    const count = this.#raised.length;
    if (count > this.#threshold) {
      // The flood began at the raise that took the count over the threshold.
      this.#since ??= this.#raised[this.#threshold] ?? now.getTime();
    } else {
      this.#since = null;
    }
    return {
      flooding: this.#since !== null,
      count,
      since: this.#since === null ? null : new Date(this.#since),
    };
  }
}
