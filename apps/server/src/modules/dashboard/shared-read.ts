export interface SharedReadOptions {
  /**
   * How long a finished read keeps answering when no change was announced: the bound on how
   * late a change that announces nothing (a diagram saved, a device renamed) is seen.
   */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * One read of the plant shared by many requests. A read under way answers the requests that
 * arrive meanwhile, and a finished one answers for maxAgeMs, as long as nothing it depends on
 * was announced as changed since it started (invalidate). Fifty screens polling the dashboard
 * cost one read, and no screen told of a change is answered with what was true before it.
 */
export class SharedRead<T> {
  readonly #read: () => Promise<T>;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #generation = 0;
  #inFlight: { generation: number; promise: Promise<T> } | undefined;
  #last: { generation: number; at: number; value: T } | undefined;

  constructor(read: () => Promise<T>, options: SharedReadOptions) {
    this.#read = read;
    this.#maxAgeMs = options.maxAgeMs;
    this.#now = options.now ?? Date.now;
  }

  /** Something the reply depends on changed: requests from now on read again. */
  invalidate(): void {
    this.#generation += 1;
  }

  get(): Promise<T> {
    const generation = this.#generation;
    const last = this.#last;
    if (last?.generation === generation && this.#now() - last.at < this.#maxAgeMs) {
      return Promise.resolve(last.value);
    }
    const current = this.#inFlight;
    if (current?.generation === generation) return current.promise;
    const startedAt = this.#now();
    const promise = this.#read().then(
      (value) => {
        if (this.#inFlight?.promise === promise) this.#inFlight = undefined;
        // A read overtaken by a change must not replace what a later read found.
        if ((this.#last?.generation ?? -1) <= generation) {
          this.#last = { generation, at: startedAt, value };
        }
        return value;
      },
      (error: unknown) => {
        if (this.#inFlight?.promise === promise) this.#inFlight = undefined;
        throw error;
      },
    );
    this.#inFlight = { generation, promise };
    return promise;
  }
}
