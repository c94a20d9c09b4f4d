import type { SignInThrottle, SignInThrottleKind } from '@roastery/contract';

export interface LoginThrottleOptions {
  /** Failed sign-ins for one username from one address before attempts are slowed down. */
  maxFailuresPerUserAndAddress: number;
  /** Failed sign-ins from one address, whatever the username, before it is slowed down. */
  maxFailuresPerAddress: number;
  windowSeconds: number;
  maxDelaySeconds: number;
  now?: () => number;
}

/** An attempt that may verify its password; exactly one of its outcomes counts. */
export interface Admission {
  admitted: true;
  failed(): void;
  /**
   * Forgets the failures of the username at this address, or of the device cookie; the address
   * keeps its own.
   */
  succeeded(): void;
  /** Neither outcome (the check could not be made); a no-op after failed or succeeded. */
  release(): void;
}

export interface Refusal {
  admitted: false;
  retryAfterSeconds: number;
}

/** What an attempt counts against; the first is the one a success forgets. */
interface Key {
  key: string;
  kind: SignInThrottleKind;
  username: string | null;
  address: string;
}

interface Counter extends Key {
  id: number;
  limit: number;
  /** Times of the failed attempts within the window, oldest first. */
  failures: number[];
  /** Admitted attempts still verifying their password. */
  inFlight: number;
}

const FIRST_DELAY_MS = 1000;
/** Verifying a password takes well under a second; a refused attempt then tries again. */
const IN_FLIGHT_WAIT_MS = 1000;
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Slows down guessing at sign-in, per username and address together and per address. A key
 * below its limit of failures within the window is let through; at its limit, the next attempt
 * waits a delay that doubles with each further failure (1 s, 2 s, 4 s ... up to the maximum)
 * and only one attempt is let through at a time. Nobody is locked out for long, and guesses
 * from one place never hold back the same username signing in from another.
 *
 * An attempt from a browser with a valid device cookie for its username counts against that
 * cookie alone (OWASP's device cookies): guesses made without it, from the same address, never
 * slow it down, and its own failures put only the cookie on the lockout list.
 *
 * An attempt is reserved in the same synchronous step as its check, before the password is
 * verified, so simultaneous attempts cannot all pass a check that none has yet counted.
 *
 * Kept in memory: one console server owns its sign-ins, a restart forgets the throttles, and
 * sign-in keeps working when the database is the thing in trouble. A key exists only while it
 * has failures within the window or attempts in flight, and keys are only made by admitted
 * attempts (each pays for a password verification), so a sweep of the expired ones bounds the
 * memory even under a spray of made-up usernames.
 */
export class LoginThrottle {
  readonly #counters = new Map<string, Counter>();
  readonly #o: Required<LoginThrottleOptions>;
  #lastId = 0;
  #nextSweepAt = 0;

  constructor(options: LoginThrottleOptions) {
    this.#o = { now: Date.now, ...options };
  }

  /** `device` is the id of a valid device cookie for this username, when one came with it. */
  admit(username: string, address: string, device?: string): Admission | Refusal {
    const now = this.#o.now();
    this.#sweep(now);
    const keys = this.#keysOf(username, address, device);
    const waitMs = Math.max(...keys.map((k) => this.#waitMs(this.#counters.get(k.key), now)));
    if (waitMs > 0) return { admitted: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };

    const [first, ...rest] = keys;
    const own = this.#held(first);
    const held = [own, ...rest.map((k) => this.#held(k))];
    for (const counter of held) counter.inFlight += 1;
    let open = true;
    const settle = (outcome: 'failed' | 'succeeded' | 'released') => {
      if (!open) return;
      open = false;
      const at = this.#o.now();
      for (const counter of held) {
        counter.inFlight -= 1;
        if (outcome === 'failed') counter.failures.push(at);
      }
      if (outcome === 'succeeded') own.failures = [];
      for (const counter of held) this.#dropIfIdle(counter);
    };
    return {
      admitted: true,
      failed: () => settle('failed'),
      succeeded: () => settle('succeeded'),
      release: () => settle('released'),
    };
  }

  /**
   * The outcome of an attempt another server instance admitted: counted here too, so that
   * guesses spread over several instances meet the same limits. It holds no place in flight.
   */
  record(
    username: string,
    address: string,
    outcome: 'failed' | 'succeeded',
    device?: string,
  ): void {
    const now = this.#o.now();
    this.#sweep(now);
    const keys = this.#keysOf(username, address, device);
    if (outcome === 'succeeded') {
      const own = this.#counters.get(keys[0].key);
      if (!own) return;
      own.failures = [];
      this.#dropIfIdle(own);
      return;
    }
    for (const key of keys) this.#held(key).failures.push(now);
  }

  /** Keys held: what the memory grows with. */
  get size(): number {
    return this.#counters.size;
  }

  /** The keys at or over their limit, the longest wait first. */
  list(): SignInThrottle[] {
    const now = this.#o.now();
    this.#sweep(now, true);
    return [...this.#counters.values()]
      .filter((c) => c.failures.length >= c.limit)
      .map((c) => {
        const retryAt = Math.max(now, this.#readyAt(c));
        return {
          id: c.id,
          kind: c.kind,
          username: c.username,
          address: c.address,
          failures: c.failures.length,
          retry_at: new Date(retryAt).toISOString(),
          retry_after_seconds: Math.ceil((retryAt - now) / 1000),
        };
      })
      .sort((a, b) => b.retry_at.localeCompare(a.retry_at) || a.id - b.id);
  }

  /** Forgets the failures of one key; false when there is no such key any more. */
  clear(id: number): boolean {
    const counter = [...this.#counters.values()].find((c) => c.id === id);
    if (!counter) return false;
    counter.failures = [];
    this.#dropIfIdle(counter);
    return true;
  }

  clearAll(): void {
    for (const counter of this.#counters.values()) {
      counter.failures = [];
      this.#dropIfIdle(counter);
    }
  }

  /** The keys an attempt counts against: its device cookie's alone, or username and address. */
  #keysOf(username: string, address: string, device: string | undefined): [Key, ...Key[]] {
    const name = username.trim().toLowerCase();
    if (device !== undefined) {
      return [{ key: JSON.stringify({ device }), kind: 'device', username: name, address }];
    }
    return [
      {
        key: JSON.stringify([name, address]),
        kind: 'username and address',
        username: name,
        address,
      },
      { key: JSON.stringify([address]), kind: 'address', username: null, address },
    ];
  }

  /** The counter of a key, made when it has none; a device's shows where it was used last. */
  #held(key: Key): Counter {
    const known = this.#counters.get(key.key);
    if (known) {
      known.address = key.address;
      return known;
    }
    this.#lastId += 1;
    const counter: Counter = {
      ...key,
      id: this.#lastId,
      limit:
        key.kind === 'address'
          ? this.#o.maxFailuresPerAddress
          : this.#o.maxFailuresPerUserAndAddress,
      failures: [],
      inFlight: 0,
    };
    this.#counters.set(key.key, counter);
    return counter;
  }

  /** How long an attempt on this key must wait now; 0 lets it through. */
  #waitMs(counter: Counter | undefined, now: number): number {
    if (!counter) return 0;
    this.#forgetExpired(counter, now);
    if (counter.failures.length + counter.inFlight < counter.limit) return 0;
    if (counter.inFlight > 0) return IN_FLIGHT_WAIT_MS;
    return Math.max(0, this.#readyAt(counter) - now);
  }

  /** When a key at its limit lets the next attempt through. */
  #readyAt(counter: Counter): number {
    const over = counter.failures.length - counter.limit;
    const delayMs = Math.min(this.#o.maxDelaySeconds * 1000, FIRST_DELAY_MS * 2 ** over);
    return (counter.failures.at(-1) ?? 0) + delayMs;
  }

  #forgetExpired(counter: Counter, now: number): void {
    const since = now - this.#o.windowSeconds * 1000;
    const oldest = counter.failures[0];
    if (oldest !== undefined && oldest <= since) {
      counter.failures = counter.failures.filter((t) => t > since);
    }
  }

  #dropIfIdle(counter: Counter): void {
    if (counter.inFlight === 0 && counter.failures.length === 0) {
      this.#counters.delete(counter.key);
    }
  }

  #sweep(now: number, force = false): void {
    if (!force && now < this.#nextSweepAt) return;
    this.#nextSweepAt = now + SWEEP_INTERVAL_MS;
    for (const counter of this.#counters.values()) {
      this.#forgetExpired(counter, now);
      this.#dropIfIdle(counter);
    }
  }
}
