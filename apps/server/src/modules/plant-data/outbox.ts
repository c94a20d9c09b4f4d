/** A message waiting for the broker. */
export interface OutboxMessage {
  topic: string;
  payload: string | Buffer;
  retain: boolean;
}

/**
 * The messages the broker has not taken yet, oldest first. Bounded: when full, the oldest goes
 * and is counted, so a long outage costs the oldest history rather than the server's memory.
 */
export class Outbox {
  readonly #limit: number;
  #items: (OutboxMessage | undefined)[] = [];
  #head = 0;
  #dropped = 0;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`outbox limit ${limit}`);
    this.#limit = limit;
  }

  get size(): number {
    return this.#items.length - this.#head;
  }

  get dropped(): number {
    return this.#dropped;
  }

  push(message: OutboxMessage): void {
    if (this.size >= this.#limit) {
      this.shift();
      this.#dropped += 1;
    }
    this.#items.push(message);
  }

  shift(): OutboxMessage | undefined {
    if (this.size === 0) return undefined;
    const message = this.#items[this.#head];
    this.#items[this.#head] = undefined;
    this.#head += 1;
    // Compacts once half the array is spent, so taking from the front stays cheap.
    if (this.#head * 2 >= this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return message;
  }
}
