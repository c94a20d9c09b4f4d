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

export interface SharedReadsOptions<Q> extends SharedReadOptions {
  /** Queries asking for the same reply have the same key. */
  keyOf: (query: Q) => string;
  /** Keys kept at most; the least recently added goes first (a screen polls a few queries). */
  maxKeys: number;
}

/**
 * A SharedRead per query (a list's page and filter): requests for the same query share one
 * read, and invalidate() ends the sharing for every query at once.
 */
export class SharedReads<Q, T> {
  readonly #read: (query: Q) => Promise<T>;
  readonly #options: SharedReadsOptions<Q>;
  readonly #reads = new Map<string, SharedRead<T>>();

  constructor(read: (query: Q) => Promise<T>, options: SharedReadsOptions<Q>) {
    this.#read = read;
    this.#options = options;
  }

  invalidate(): void {
    for (const shared of this.#reads.values()) shared.invalidate();
  }

  get(query: Q): Promise<T> {
    const key = this.#options.keyOf(query);
    let shared = this.#reads.get(key);
    if (!shared) {
      if (this.#reads.size >= this.#options.maxKeys) {
        const oldest = this.#reads.keys().next();
        if (!oldest.done) this.#reads.delete(oldest.value);
      }
      shared = new SharedRead(() => this.#read(query), this.#options);
      this.#reads.set(key, shared);
    }
    return shared.get();
  }
}
