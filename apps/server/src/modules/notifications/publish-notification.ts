import type { Notification } from '@roastery/contract';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { NotificationRow } from './notification-repository.ts';
import { presentNotification } from './present-notification.ts';

/** A committed change reaches the hub, as the notification it now is. */
export function publishNotification(
  hub: EventHub,
  row: NotificationRow,
  now: Date,
  raised?: { source: string | null },
): Notification {
  const notification = presentNotification(row, now);
  hub.publish({ type: 'notification', notification, ...(raised ? { raised } : {}) });
  return notification;
}
