import { InProcessTransport, type HubTransport } from './hub-transport.ts';
import type { PlantEvent, PlantEventOf, PlantEventType } from './plant-events.ts';

type Listener = (event: PlantEvent) => void;

/**
 * The server's internal event hub: modules publish typed plant events and subscribe by type.
 * A subscriber that throws is reported and does not keep the event from the others.
 */
export class EventHub {
  readonly #transport: HubTransport;
  readonly #byType = new Map<PlantEventType, Set<Listener>>();
  readonly #all = new Set<Listener>();
  readonly #onError: (err: unknown, event: PlantEvent) => void;

  constructor(
    options: {
      transport?: HubTransport;
      onError?: (err: unknown, event: PlantEvent) => void;
    } = {},
  ) {
    this.#transport = options.transport ?? new InProcessTransport();
    this.#onError = options.onError ?? (() => undefined);
    this.#transport.deliverTo((event) => this.#deliver(event));
  }

  publish(event: PlantEvent): void {
    this.#transport.publish(event);
  }

  subscribe<T extends PlantEventType>(
    type: T,
    listener: (event: PlantEventOf<T>) => void,
  ): () => void {
    const listeners = this.#byType.get(type) ?? new Set<Listener>();
    this.#byType.set(type, listeners);
    // Only events of this type reach this set: #deliver picks it by the event's own type.
    const typed = listener as Listener;
    listeners.add(typed);
    return () => listeners.delete(typed);
  }

  /** Every event, whatever its type (the live projection). */
  subscribeAll(listener: (event: PlantEvent) => void): () => void {
    this.#all.add(listener);
    return () => this.#all.delete(listener);
  }

  #deliver(event: PlantEvent): void {
    for (const listener of [...(this.#byType.get(event.type) ?? []), ...this.#all]) {
      try {
        listener(event);
      } catch (err) {
        this.#onError(err, event);
      }
    }
  }
}
