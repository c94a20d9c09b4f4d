import type { EventHub } from '../../plant/hub/event-hub.ts';

/** A change to a device's configuration, for the events log. */
export function logDeviceChange(hub: EventHub, target: string, action: string, by: string): void {
  hub.publish({ type: 'config', area: 'device', action, target, by });
}
