import { EventEmitter } from 'node:events';
import type { LiveEvent, UnsequencedLiveEvent } from '@roastery/contract';

// Services that follow the bus themselves (dumps, transfers), with room for those to come.
const SERVER_SUBSCRIBERS = 20;

/**
 * The in-process stream of plant events that /api/live forwards to browsers. It numbers the
 * events it publishes, one sequence per server process, so a browser notices a missed one.
 */
export class LiveBus {
  readonly #emitter = new EventEmitter();
  #seq = 0;

  /** `maxStreams`: the live streams the server allows; the server's own services add a few. */
  constructor(maxStreams: number) {
    this.#emitter.setMaxListeners(maxStreams + SERVER_SUBSCRIBERS);
  }

  publish(event: UnsequencedLiveEvent): void {
    this.#seq += 1;
    this.#emitter.emit('event', { ...event, seq: this.#seq } satisfies LiveEvent);
  }

  /**
   * The number of the last event published. A new stream's first events carry it, so the
   * browser expects the next published one right after.
   */
  get seq(): number {
    return this.#seq;
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.#emitter.on('event', listener);
    return () => this.#emitter.off('event', listener);
  }

  get subscribers(): number {
    return this.#emitter.listenerCount('event');
  }
}
