import type { UnsequencedLiveEvent } from '@roastery/contract';
import type { PlantEvent, PlantEventOf } from '../../plant/hub/plant-events.ts';

export interface LiveProjectionContext {
  /** Whether a change of this command can turn a device's status light on or off. */
  lightsStatus: (kind: 'binary' | 'input', commandId: number) => boolean;
}

/** The browser's view of the PLC link: its state, and since when values are not live. */
export function plcLinkEvent(link: {
  state: PlantEventOf<'connection'>['state'];
  error: string | null;
  since: number | null;
}): UnsequencedLiveEvent {
  return {
    type: 'plc',
    state: link.state,
    error: link.error,
    not_live_since: link.since === null ? null : new Date(link.since).toISOString(),
  };
}

/** What else a value change changes on the screens, beyond the command itself. */
function valueChange(
  event: PlantEventOf<'value'>,
  context: LiveProjectionContext,
): 'value' | 'mode' | 'alarm' | 'status' {
  if (event.role === 'manual-mode-active') return 'mode';
  if (event.role === 'alarm-code') return 'alarm';
  return context.lightsStatus(event.command_kind, event.command_id) ? 'status' : 'value';
}

/**
 * The browser's view of a hub event: the only code that knows the live stream's format. Events
 * the browser has no use for map to undefined. The stream numbers them.
 */
export function liveEventOf(
  event: PlantEvent,
  context: LiveProjectionContext,
): UnsequencedLiveEvent | undefined {
  switch (event.type) {
    case 'value':
      // Exactly what GET /api/device/detail shows for the command, so the browser can write it
      // into its copy instead of asking again.
      return {
        type: 'device',
        device_id: event.device_id,
        change: valueChange(event, context),
        command_kind: event.command_kind,
        command_id: event.command_id,
        value: event.quality === 'offline' ? null : event.value,
        quality: event.quality,
        isSame: event.isSame,
      };
    case 'device-quality':
      return {
        type: 'device',
        device_id: event.device_id,
        change: 'quality',
        quality: event.quality,
      };
    case 'connection':
      return plcLinkEvent(event);
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
    case 'order':
      return { type: 'order', id: event.id, change: event.change };
    case 'notification':
      return { type: 'notification', notification: event.notification };
    case 'notifications-acknowledged':
      return { type: 'notifications-acknowledged', count: event.count };
    case 'alarm-flood':
      return {
        type: 'alarm-flood',
        flooding: event.flooding,
        count: event.count,
        since: event.since,
      };
    case 'setting':
      return { type: 'setting', ref_id: event.ref_id, value: event.value };
    case 'service':
      return { type: 'service', id: event.id, status: event.status };
    case 'session':
      // Who signs in is for the events log, not for every screen.
      return undefined;
    case 'path':
      // Paths change rarely and only from their own screen, which refetches after its change.
      return undefined;
    case 'device-removed':
      // The screens learn it from the device list; nothing live names a deleted device.
      return undefined;
    case 'config':
      // Who changed the configuration is for the events log; each screen reads its own data.
      return undefined;
    case 'roast-record':
      // For the quality checks; the record screens read records when they open.
      return undefined;
    case 'leader-request':
    case 'leader-read':
    case 'leader-read-answer':
    case 'user-changed':
    case 'cache-changed':
      // Between server instances only.
      return undefined;
  }
  return undefined;
}
