import type { PlantEvent } from './plant-events.ts';

/**
 * How published events reach the hubs that deliver them. In one process that is a direct call;
 * a transport over PostgreSQL LISTEN/NOTIFY would publish to a channel and deliver what every
 * instance published, and no subscriber would notice the difference.
 */
export interface HubTransport {
  publish(event: PlantEvent): void;
  /**
   * Sets where events from any publisher go; called once, by the hub. `here` is false for an
   * event another server instance published.
   */
  deliverTo(deliver: (event: PlantEvent, here: boolean) => void): void;
}

/** The default: delivery is synchronous and in publishing order. */
export class InProcessTransport implements HubTransport {
  #deliver: (event: PlantEvent, here: boolean) => void = () => undefined;

  publish(event: PlantEvent): void {
    this.#deliver(event, true);
  }

  deliverTo(deliver: (event: PlantEvent, here: boolean) => void): void {
    this.#deliver = deliver;
  }
}
