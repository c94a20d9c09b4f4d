interface Job {
  /** Runs the job and settles the caller's promise; never rejects. */
  start: () => Promise<void>;
  cancel: (reason: unknown) => void;
}

/**
 * Runs asynchronous jobs one at a time, in the order they were queued. Used so that a socket
 * never has more than one request in flight, without a "busy" flag that callers must poll.
 */
export class RequestQueue {
  readonly #jobs: Job[] = [];
  #running = false;

  /** Number of jobs waiting (not counting the one running). */
  get pending(): number {
    return this.#jobs.length;
  }

  get busy(): boolean {
    return this.#running;
  }

  enqueue<T>(run: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#jobs.push({
        start: async () => {
          try {
            resolve(await run());
          } catch (error) {
            reject(error);
          }
        },
        cancel: reject,
      });
      this.#pump();
    });
  }

  /** Rejects every job that has not started yet; the running one finishes on its own. */
  rejectPending(reason: unknown): void {
    for (const job of this.#jobs.splice(0)) job.cancel(reason);
  }

  #pump(): void {
    if (this.#running) return;
    const job = this.#jobs.shift();
    if (!job) return;
    this.#running = true;
    void job.start().finally(() => {
      this.#running = false;
      this.#pump();
    });
  }
}
