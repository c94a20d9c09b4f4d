import type { LiveEvent } from '@roastery/contract';
import type { PlantEvent } from '../../plant/hub/plant-events.ts';

/**
 * The browser's view of a hub event: the only code that knows the live stream's format. Events
 * the browser has no use for map to undefined.
 */
export function liveEventOf(event: PlantEvent): LiveEvent | undefined {
  switch (event.type) {
    case 'value':
      return {
        type: 'device',
        device_id: event.device_id,
        change: event.role === 'manual-mode-active' ? 'mode' : 'value',
        command_kind: event.command_kind,
        command_id: event.command_id,
        value: event.value,
        quality: event.quality,
      };
    case 'device-quality':
      return {
        type: 'device',
        device_id: event.device_id,
        change: 'quality',
        quality: event.quality,
      };
    case 'connection':
      return { type: 'plc', state: event.state, error: event.error };
    case 'run': {
      const base = {
        type: 'workflow' as const,
        workflow_id: event.workflow_id,
        run_id: event.run_id,
      };
      switch (event.change) {
        case 'state':
          return { ...base, change: 'state', state: event.state };
        case 'timeline':
          return { ...base, change: 'timeline', entry: event.entry };
        case 'status':
        case 'cleared':
          return { ...base, change: event.change };
      }
      break;
    }
    case 'ledger':
      return { type: 'inventory', change: 'ledger', id: null };
    case 'dump':
      return { type: 'inventory', change: 'dump', id: event.id };
    case 'transfer':
      return { type: 'inventory', change: 'transfer', id: event.id };
    case 'notification':
      return { type: 'notification', notification: event.notification };
    case 'notifications-acknowledged':
      return { type: 'notifications-acknowledged', count: event.count };
  }
  return undefined;
}
