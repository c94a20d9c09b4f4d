import type { Notification } from '@roastery/contract';
import type { NewDelivery } from './alarm-delivery-repository.ts';
import type { StoredPipeline } from './delivery-settings.ts';
import { pipelinesFor } from './pipeline-rules.ts';

/**
 * The messages an alarm event calls for: its first message after each pipeline's delay when it
 * was raised, and a return-to-normal message where a pipeline asks for one. Keys make a repeated
 * event schedule nothing more.
 */
export function deliveriesFor(
  pipelines: readonly StoredPipeline[],
  notification: Notification,
  raised: boolean,
  now: Date,
): NewDelivery[] {
  const matching = pipelinesFor(pipelines, {
    type: notification.type,
    deviceCode: notification.device_id,
  });
  const id = notification.id;
  if (raised) {
    return matching.map((p) => ({
      key: `raised:${id}:${p.name}`,
      notificationId: id,
      pipeline: p.name,
      kind: 'raised',
      step: 0,
      dueAt: new Date(now.getTime() + p.delay_seconds * 1000),
    }));
  }
  if (notification.clearedAt === null) return [];
  return matching
    .filter((p) => p.notify_on_return)
    .map((p) => ({
      key: `returned:${id}:${p.name}`,
      notificationId: id,
      pipeline: p.name,
      kind: 'returned',
      step: 0,
      dueAt: now,
    }));
}
