import { LIVE_MAX_STREAMS_PER_BROWSER, Role, type RoleId } from '@roastery/contract';
import { tooManyRequests, unavailable } from '../../lib/http-errors.ts';

export interface StreamLimitsConfig {
  maxStreamsPerUser: number;
  maxStreams: number;
}

/** Counts per key; a key leaves the map when its count is back to none. */
function increment<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
function decrement<K>(counts: Map<K, number>, key: K): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

/**
 * Counts the open live streams, per browser, per user and in all: so that a browser's tabs
 * leave it connections for its pages, and one account's forgotten tabs (or a script) cannot take
 * every connection the server has. Admission and counting happen in one synchronous step, so
 * simultaneous requests cannot slip past a limit.
 *
 * The total never shuts out an administrator: at the cap, each administrator account may hold
 * one stream beyond it, so that someone can always see the plant and act while every other
 * connection is taken. The overflow is bounded by the number of administrator accounts.
 */
export class StreamLimits {
  readonly #perBrowser = new Map<string, number>();
  readonly #perUser = new Map<number, number>();
  /** Administrators holding their one stream beyond the total. */
  readonly #beyondTotal = new Set<number>();
  #total = 0;
  readonly #limits: StreamLimitsConfig;

  constructor(limits: StreamLimitsConfig) {
    this.#limits = limits;
  }

  /**
   * Counts a new stream for the user and, when the tab names it, its browser; or throws the
   * refusal. Returns its release, safe to call twice.
   */
  admit(user: { id: number; role: RoleId }, browserId?: string): () => void {
    const userId = user.id;
    const inBrowser = browserId === undefined ? 0 : (this.#perBrowser.get(browserId) ?? 0);
    if (inBrowser >= LIVE_MAX_STREAMS_PER_BROWSER) {
      throw tooManyRequests(
        `This browser already has live updates in ${inBrowser} console tabs, the most it can keep open while leaving connections for the screens. This tab refreshes on a timer and goes live when one of those tabs is closed.`,
      );
    }
    const mine = this.#perUser.get(userId) ?? 0;
    if (mine >= this.#limits.maxStreamsPerUser) {
      throw tooManyRequests(
        `This account already has ${mine} live connection${mine === 1 ? '' : 's'} open, the most allowed. Close a console tab or window that is no longer in use; meanwhile this one refreshes on a timer.`,
      );
    }
    const beyondTotal = this.#total >= this.#limits.maxStreams;
    if (beyondTotal && (user.role !== Role.Administrator || this.#beyondTotal.has(userId))) {
      throw unavailable(
        `The console is serving the most live connections it allows (${this.#total}). This screen refreshes on a timer and reconnects when one is free.`,
      );
    }
    increment(this.#perUser, userId);
    if (browserId !== undefined) increment(this.#perBrowser, browserId);
    this.#total += 1;
    if (beyondTotal) this.#beyondTotal.add(userId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total -= 1;
      if (beyondTotal) this.#beyondTotal.delete(userId);
      decrement(this.#perUser, userId);
      if (browserId !== undefined) decrement(this.#perBrowser, browserId);
    };
  }

  /** Open streams, in all and for one user. */
  open(userId?: number): number {
    return userId === undefined ? this.#total : (this.#perUser.get(userId) ?? 0);
  }
}
