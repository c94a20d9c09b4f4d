/** A listener for one event; returning anything is allowed but ignored. */
export type Listener<Payload> = (payload: Payload) => unknown;

/** Called when a listener throws; the emitter itself never lets the error escape. */
export type ListenerErrorHandler = (error: unknown, event: string) => void;

type ListenerSets<Events> = { [K in keyof Events]?: Set<Listener<Events[K]>> };

const warnListenerError: ListenerErrorHandler = (error, event) => {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.emitWarning(`A '${event}' listener threw: ${text}`, 'PlcListenerError');
};

/**
 * A small typed event emitter. Events are emitted from socket callbacks and timers, where a
 * throwing listener would otherwise take the whole server down (Node's EventEmitter rethrows),
 * so each listener runs in isolation and its error is handed to `onListenerError`.
 */
export class TypedEmitter<Events extends object> {
  readonly #listeners: ListenerSets<Events> = {};
  readonly #onListenerError: ListenerErrorHandler;

  constructor(onListenerError: ListenerErrorHandler = warnListenerError) {
    this.#onListenerError = onListenerError;
  }

  /** Subscribes and returns the function that unsubscribes. */
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    const set = this.#listeners[event] ?? new Set<Listener<Events[K]>>();
    this.#listeners[event] = set;
    set.add(listener);
    return () => this.off(event, listener);
  }

  off<K extends keyof Events>(event: K, listener: Listener<Events[K]>): void {
    this.#listeners[event]?.delete(listener);
  }

  listenerCount(event: keyof Events): number {
    return this.#listeners[event]?.size ?? 0;
  }

  protected emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.#listeners[event];
    if (!set) return;
    // Copy so that a listener unsubscribing itself does not skip its neighbour.
    for (const listener of [...set]) {
      try {
        const result = listener(payload);
        if (result instanceof Promise) {
          result.catch((error: unknown) => this.#onListenerError(error, String(event)));
        }
      } catch (error) {
        this.#onListenerError(error, String(event));
      }
    }
  }
}
