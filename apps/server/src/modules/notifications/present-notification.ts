import type { Notification } from '@roastery/contract';
import { alarmState, type AlarmRecord } from './alarm-state.ts';
import type { NotificationRow } from './notification-repository.ts';

/** What the alarm state model needs of a stored notification. */
export function alarmRecordOf(row: NotificationRow): AlarmRecord {
  return {
    active: row.clearedAt === null,
    acknowledged: row.ack,
    shelvedUntil: row.shelvedUntil,
    suppression: row.suppression,
  };
}

/** A notification as the API shows it, its state and age (`timeDiff`, seconds) at `now`. */
export function presentNotification(row: NotificationRow, now: Date): Notification {
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
    timeDiff: Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / 1000)),
    state: alarmState(alarmRecordOf(row), now),
    source: row.source,
    shelvedUntil: row.shelvedUntil?.toISOString() ?? null,
    shelveReason: row.shelveReason,
  };
}
