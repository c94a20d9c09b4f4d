import type { EventHub } from './event-hub.ts';
import type { PlantEventOf } from './plant-events.ts';

export type ConfigChange = Omit<PlantEventOf<'config'>, 'type'>;

/**
 * How a service tells that a person changed the configuration: one call after the change has
 * committed (the events log records it from the hub, with who and when).
 */
export type ConfigChanged = (change: ConfigChange) => void;

export function configChanges(hub: EventHub): ConfigChanged {
  return (change) => hub.publish({ type: 'config', ...change });
}
