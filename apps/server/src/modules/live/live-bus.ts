import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@roastery/contract';

// Services that follow the bus themselves (dumps, transfers), with room for those to come.
const SERVER_SUBSCRIBERS = 20;

/** The in-process stream of plant events that /api/live forwards to browsers. */
export class LiveBus {
  readonly #emitter = new EventEmitter();

  /** `maxStreams`: the live streams the server allows; the server's own services add a few. */
  constructor(maxStreams: number) {
    this.#emitter.setMaxListeners(maxStreams + SERVER_SUBSCRIBERS);
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
