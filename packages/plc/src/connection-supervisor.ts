import { TypedEmitter } from './typed-emitter.ts';

/**
 * ```
 *   disconnected --start--> connecting --ok--> connected
 *                              ^   |               |
 *                        timer |   | failed        | link lost
 *                              |   v               |
 *                             backoff <------------+
 *   any state --stop--> closed --start--> connecting
 * ```
 */
export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'backoff' | 'closed';

export interface BackoffOptions {
  /** Delay before the first retry. */
  minMs: number;
  /** Ceiling of the delay, however many attempts failed. */
  maxMs: number;
  /** Growth per failed attempt. */
  factor?: number;
  /**
   * Share of the delay that is random (0..1): with many consoles or PLC gateways restarting at
   * once, jitter keeps them from hammering a recovering PLC in lockstep.
   */
  jitter?: number;
}

/**
 * A console has one link to one PLC on its LAN, so a retry a second costs one refused TCP
 * connect: nothing next to how long a plant waits blind after its PLC is back. The cap is
 * therefore short (a returning PLC is seen within about a second) and the jitter keeps several
 * consoles on one PLC from retrying in step.
 */
export const BACKOFF_DEFAULTS: Required<BackoffOptions> = {
  minMs: 250,
  maxMs: 1_000,
  factor: 2,
  jitter: 0.2,
};

/** Calls fn once after ms; returns a function that cancels it. */
export type SetTimer = (ms: number, fn: () => void) => () => void;

const realTimer: SetTimer = (ms, fn) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

export interface StateTransition {
  from: ConnectionState;
  to: ConnectionState;
  at: number;
  /** Consecutive failed attempts (or link losses) since the last good connection. */
  attempt: number;
  /** For 'backoff': how long until the next attempt. */
  delayMs?: number;
  /** For 'backoff': what went wrong. */
  error?: string;
}

export interface SupervisorEvents {
  transition: StateTransition;
}

/**
 * The delay before retry number `attempt` (1-based): exponential from minMs, capped at maxMs,
 * then shortened by up to `jitter` of itself (so it never exceeds maxMs).
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const { minMs, maxMs, factor, jitter } = { ...BACKOFF_DEFAULTS, ...options };
  const exponent = Math.max(0, attempt - 1);
  const base = Math.min(maxMs, minMs * factor ** exponent);
  const spread = Math.min(1, Math.max(0, jitter));
  return Math.max(0, Math.round(base * (1 - spread * random())));
}

export interface SupervisorOptions {
  /** Opens the connection; a rejection is a failed attempt. */
  connect: () => Promise<void>;
  backoff?: BackoffOptions;
  random?: () => number;
  /** Schedules retries; tests drive it by hand rather than wait out a backoff. */
  setTimer?: SetTimer;
}

/**
 * Keeps one connection up: an explicit state machine with exponential backoff and jitter.
 * Every transition is an event. Nothing here throws out of a timer or leaves a rejection
 * unhandled: connect failures become 'backoff' transitions.
 */
export class ConnectionSupervisor extends TypedEmitter<SupervisorEvents> {
  readonly #connect: () => Promise<void>;
  readonly #backoff: Required<BackoffOptions>;
  readonly #random: () => number;
  readonly #setTimer: SetTimer;
  #state: ConnectionState = 'disconnected';
  #attempt = 0;
  #cancelTimer: (() => void) | undefined;
  /** Identifies the current connect attempt, so a late answer from an old one is ignored. */
  #epoch = 0;

  constructor(options: SupervisorOptions) {
    super();
    this.#connect = options.connect;
    this.#backoff = { ...BACKOFF_DEFAULTS, ...options.backoff };
    this.#random = options.random ?? Math.random;
    this.#setTimer = options.setTimer ?? realTimer;
    if (this.#backoff.minMs < 0 || this.#backoff.maxMs < this.#backoff.minMs) {
      throw new RangeError('Backoff needs 0 <= minMs <= maxMs');
    }
  }

  get state(): ConnectionState {
    return this.#state;
  }

  get attempt(): number {
    return this.#attempt;
  }

  /** Starts connecting; ignored unless disconnected or closed. */
  start(): void {
    if (this.#state !== 'disconnected' && this.#state !== 'closed') return;
    this.#attempt = 0;
    this.#beginAttempt();
  }

  /** The connection broke: retry after a backoff. Ignored unless connected. */
  linkLost(error: string): void {
    if (this.#state !== 'connected') return;
    this.#attempt = 1;
    this.#scheduleRetry(error);
  }

  /** Stops for good (until start): cancels the pending retry and ignores a connect in flight. */
  stop(): void {
    if (this.#state === 'closed') return;
    this.#clearTimer();
    this.#epoch += 1;
    this.#transition('closed', {});
  }

  #beginAttempt(): void {
    this.#cancelTimer = undefined;
    this.#epoch += 1;
    const epoch = this.#epoch;
    this.#transition('connecting', {});
    let attempt: Promise<void>;
    try {
      attempt = this.#connect();
    } catch (error) {
      attempt = Promise.reject(error);
    }
    attempt.then(
      () => {
        if (epoch !== this.#epoch) return;
        this.#attempt = 0;
        this.#transition('connected', {});
      },
      (error: unknown) => {
        if (epoch !== this.#epoch) return;
        this.#attempt += 1;
        this.#scheduleRetry(error instanceof Error ? error.message : String(error));
      },
    );
  }

  #scheduleRetry(error: string): void {
    const delayMs = backoffDelay(this.#attempt, this.#backoff, this.#random);
    this.#clearTimer();
    this.#epoch += 1;
    this.#transition('backoff', { delayMs, error });
    this.#cancelTimer = this.#setTimer(delayMs, () => this.#beginAttempt());
  }

  #clearTimer(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
  }

  #transition(to: ConnectionState, details: { delayMs?: number; error?: string }): void {
    const from = this.#state;
    this.#state = to;
    this.emit('transition', { from, to, at: Date.now(), attempt: this.#attempt, ...details });
  }
}
