/**
 * A value read from the database on first use and kept in memory until it is invalidated, so
 * that reads which are far more frequent than changes send no query. Its owner calls
 * `invalidate` once a change has committed; callers waiting at that moment share one load.
 *
 * A load that was under way when the value was invalidated may have read the rows before the
 * change: its answer goes to the callers that were waiting for it but is never kept. A
 * generation counter tells such a load apart.
 */
export class CachedValue<T> {
  readonly #load: () => Promise<T>;
  #value: { current: T } | undefined;
  #loading: Promise<T> | undefined;
  #generation = 0;

  constructor(load: () => Promise<T>) {
    this.#load = load;
  }

  /** The kept value, or the load under way (started now if there is none). */
  get(): T | Promise<T> {
    if (this.#value) return this.#value.current;
    this.#loading ??= this.#start();
    return this.#loading;
  }

  /** Forgets the value at once; the next `get` reads it again. */
  invalidate(): void {
    this.#generation += 1;
    this.#value = undefined;
    this.#loading = undefined;
  }

  #start(): Promise<T> {
    const generation = this.#generation;
    return this.#load().then(
      (loaded) => {
        if (this.#generation === generation) {
          this.#value = { current: loaded };
          this.#loading = undefined;
        }
        return loaded;
      },
      (error: unknown) => {
        if (this.#generation === generation) this.#loading = undefined;
        throw error;
      },
    );
  }
}
