/**
 * Runs async work one piece at a time, each after the ones before it, whatever their outcome.
 * A piece that fails is reported to `onFailure` before its caller sees the error.
 */
export class WriteQueue {
  readonly #onFailure: () => void;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(onFailure: () => void) {
    this.#onFailure = onFailure;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#tail.then(work).catch((error: unknown) => {
      this.#onFailure();
      throw error;
    });
    this.#tail = done.catch(() => undefined);
    return done;
  }
}
