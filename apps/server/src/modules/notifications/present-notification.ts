import type { Notification } from '@roastery/contract';
import type { NotificationRow } from './notification-repository.ts';

/** A notification as the API shows it; `timeDiff` is its age in seconds at `now`. */
export function presentNotification(row: NotificationRow, now = Date.now()): Notification {
  return {
    id: row.id,
    type: row.type,
    device_id: row.deviceCode,
    d_id: row.deviceId,
    text: row.text,
    by: row.by,
    ack: row.ack,
    ackAt: row.ackAt?.toISOString() ?? null,
    clearedAt: row.clearedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    timeDiff: Math.max(0, Math.floor((now - row.createdAt.getTime()) / 1000)),
  };
}
