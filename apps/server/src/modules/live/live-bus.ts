import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@roastery/contract';

/** The in-process stream of plant events that /api/live forwards to browsers. */
export class LiveBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    // One listener per open browser tab; a plant floor has dozens, not thousands.
    this.#emitter.setMaxListeners(500);
  }

  publish(event: LiveEvent): void {
    this.#emitter.emit('event', event);
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.#emitter.on('event', listener);
    return () => this.#emitter.off('event', listener);
  }

  get subscribers(): number {
    return this.#emitter.listenerCount('event');
  }
}
