import { tooManyRequests, unavailable } from '../../lib/http-errors.ts';

export interface StreamLimitsConfig {
  maxStreamsPerUser: number;
  maxStreams: number;
}

/**
 * Counts the open live streams, per user and in all, so that one account's forgotten tabs (or a
 * script) cannot take every connection the server has. Admission and counting happen in one
 * synchronous step, so simultaneous requests cannot slip past a limit.
 */
export class StreamLimits {
  readonly #perUser = new Map<number, number>();
  #total = 0;
  readonly #limits: StreamLimitsConfig;

  constructor(limits: StreamLimitsConfig) {
    this.#limits = limits;
  }

  /** Counts a new stream for the user, or throws the refusal. Returns its release, safe to call twice. */
  admit(userId: number): () => void {
    const mine = this.#perUser.get(userId) ?? 0;
    if (mine >= this.#limits.maxStreamsPerUser) {
      throw tooManyRequests(
        `This account already has ${mine} live connection${mine === 1 ? '' : 's'} open, the most allowed. Close a console tab or window that is no longer in use; meanwhile this one refreshes on a timer.`,
      );
    }
    if (this.#total >= this.#limits.maxStreams) {
      throw unavailable(
        `The console is serving the most live connections it allows (${this.#total}). This screen refreshes on a timer and reconnects when one is free.`,
      );
    }
    this.#perUser.set(userId, mine + 1);
    this.#total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total -= 1;
      const left = (this.#perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.#perUser.set(userId, left);
      else this.#perUser.delete(userId);
    };
  }

  /** Open streams, in all and for one user. */
  open(userId?: number): number {
    return userId === undefined ? this.#total : (this.#perUser.get(userId) ?? 0);
  }
}
