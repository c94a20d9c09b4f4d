/**
 * Runs tasks one after another per key: an order is started, advanced after a batch, paused
 * and resumed by different callers (requests, run ends, hub events), never two at once.
 */
export class KeyedSerial {
  readonly #tails = new Map<number, Promise<unknown>>();

  run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    this.#tails.set(key, next);
    void next
      .catch(() => undefined)
      .then(() => {
        if (this.#tails.get(key) === next) this.#tails.delete(key);
      });
    return next;
  }
}
