/**
 * Follows the sequence numbers of one live stream. The server numbers every event one after
 * the other and a new stream starts at the last number published, so a jump means events were
 * lost on the way.
 */
export class LiveSequence {
  #last: number | undefined;

  /** True when events were missed between the previous one and this one. */
  gapBefore(seq: number): boolean {
    const gap = this.#last !== undefined && seq > this.#last + 1;
    if (this.#last === undefined || seq > this.#last) this.#last = seq;
    return gap;
  }

  /** A new stream starts its own count. */
  reset(): void {
    this.#last = undefined;
  }
}
