import { InProcessTransport, type HubTransport } from './hub-transport.ts';
import type { PlantEvent, PlantEventOf, PlantEventType } from './plant-events.ts';

type Listener = (event: PlantEvent) => void;

export interface SubscribeOptions {
  /**
   * 'this-instance': only events published here, for work done once however many server
   * instances run (writing the events log), by the instance where it happened. 'other-instances':
   * only events published elsewhere, for keeping this instance's memory in step with theirs.
   * Both when omitted.
   */
  from?: 'this-instance' | 'other-instances';
}

/**
 * The server's internal event hub: modules publish typed plant events and subscribe by type.
 * A subscriber that throws is reported and does not keep the event from the others.
 */
export class EventHub {
  readonly #transport: HubTransport;
  readonly #byType = new Map<PlantEventType, Set<Listener>>();
  readonly #all = new Set<Listener>();
  readonly #from = new WeakMap<Listener, 'this-instance' | 'other-instances'>();
  readonly #onError: (err: unknown, event: PlantEvent) => void;

  constructor(
    options: {
      transport?: HubTransport;
      onError?: (err: unknown, event: PlantEvent) => void;
    } = {},
  ) {
    this.#transport = options.transport ?? new InProcessTransport();
    this.#onError = options.onError ?? (() => undefined);
    this.#transport.deliverTo((event, here) => this.#deliver(event, here));
  }

  publish(event: PlantEvent): void {
    this.#transport.publish(event);
  }

  subscribe<T extends PlantEventType>(
    type: T,
    listener: (event: PlantEventOf<T>) => void,
    options: SubscribeOptions = {},
  ): () => void {
    const listeners = this.#byType.get(type) ?? new Set<Listener>();
    this.#byType.set(type, listeners);
    // Only events of this type reach this set: #deliver picks it by the event's own type.
    const typed = listener as Listener;
    if (options.from) this.#from.set(typed, options.from);
    listeners.add(typed);
    return () => listeners.delete(typed);
  }

  /** Every event, whatever its type (the live projection). */
  subscribeAll(listener: (event: PlantEvent) => void): () => void {
    this.#all.add(listener);
    return () => this.#all.delete(listener);
  }

  #deliver(event: PlantEvent, here: boolean): void {
    for (const listener of [...(this.#byType.get(event.type) ?? []), ...this.#all]) {
      const from = this.#from.get(listener);
      if (from && (from === 'this-instance') !== here) continue;
      try {
        listener(event);
      } catch (err) {
        this.#onError(err, event);
      }
    }
  }
}
