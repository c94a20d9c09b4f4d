interface Job {
  /** Runs the job and settles the caller's promise; never rejects. */
  start: () => Promise<void>;
  cancel: (reason: unknown) => void;
  exclusive: boolean;
}

export interface EnqueueOptions {
  /**
   * Starts only once every earlier job has finished, and holds every later job until it has
   * finished itself: a fence (a write must reach the PLC after the reads and writes queued
   * before it, and before those queued after it).
   */
  exclusive?: boolean;
}

/**
 * Starts asynchronous jobs in the order they were queued, keeping at most `window` of them in
 * flight. The window slides over start order, as TCP's does: a job starts only while fewer than
 * `window` jobs have started since the oldest one still running. So the jobs in flight are
 * always among `window` consecutive ones, however their answers are reordered; a protocol
 * numbering its requests modulo a larger number never has two in flight with the same number.
 * A window of 1 runs one job at a time.
 */
export class RequestQueue {
  readonly #window: number;
  readonly #jobs: Job[] = [];
  /** Start numbers of the jobs running now. */
  readonly #running = new Set<number>();
  #started = 0;
  #exclusiveRunning = false;

  constructor(window = 1) {
    if (!Number.isInteger(window) || window < 1) {
      throw new RangeError(`The request window must be a positive integer, got ${window}`);
    }
    this.#window = window;
  }

  /** Number of jobs waiting (not counting those running). */
  get pending(): number {
    return this.#jobs.length;
  }

  /** Number of jobs running. */
  get inFlight(): number {
    return this.#running.size;
  }

  get busy(): boolean {
    return this.#running.size > 0;
  }

  enqueue<T>(run: () => Promise<T>, options: EnqueueOptions = {}): Promise<T> {
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
        exclusive: options.exclusive ?? false,
      });
      this.#pump();
    });
  }

  /** Rejects every job that has not started yet; the running ones finish on their own. */
  rejectPending(reason: unknown): void {
    for (const job of this.#jobs.splice(0)) job.cancel(reason);
  }

  #canStart(job: Job): boolean {
    if (this.#exclusiveRunning) return false;
    if (this.#running.size === 0) return true;
    if (job.exclusive) return false;
    return this.#started - Math.min(...this.#running) < this.#window;
  }

  #pump(): void {
    for (let job = this.#jobs[0]; job && this.#canStart(job); job = this.#jobs[0]) {
      this.#jobs.shift();
      const number = this.#started;
      this.#started += 1;
      this.#running.add(number);
      if (job.exclusive) this.#exclusiveRunning = true;
      const exclusive = job.exclusive;
      void job.start().finally(() => {
        this.#running.delete(number);
        if (exclusive) this.#exclusiveRunning = false;
        this.#pump();
      });
    }
  }
}
