/**
 * Counts failed sign-ins per key (a username, an address) within a sliding window.
 * Kept in memory: a restart forgets it, which is acceptable for one console server and keeps
 * sign-in working when the database is the thing in trouble.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor(windowSeconds: number, now: () => number = Date.now) {
    this.#windowMs = windowSeconds * 1000;
    this.#now = now;
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.#windowMs;
    const kept = (this.#failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.#failures.set(key, kept);
    else this.#failures.delete(key);
    return kept;
  }

  /** Seconds until the key may try again, or 0 when it is below its limit. */
  retryAfter(key: string, limit: number): number {
    const recent = this.#recent(key);
    if (recent.length < limit) return 0;
    const oldest = recent[recent.length - limit] ?? this.#now();
    return Math.max(1, Math.ceil((oldest + this.#windowMs - this.#now()) / 1000));
  }

  fail(key: string): void {
    this.#failures.set(key, [...this.#recent(key), this.#now()]);
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }
}
