import type { NotificationType, QuietHours } from '@roastery/contract';
import type { StoredPipeline } from './delivery-settings.ts';

/** Priority by notification type: an alarm is the top priority. */
const RANK: Record<NotificationType, number> = { alarm: 3, warning: 2, other: 1 };

export function meetsPriority(type: NotificationType, minimum: NotificationType): boolean {
  return RANK[type] >= RANK[minimum];
}

export function isTopPriority(type: NotificationType): boolean {
  return type === 'alarm';
}

/** The pipelines an alarm of this type and device goes through. */
export function pipelinesFor(
  pipelines: readonly StoredPipeline[],
  alarm: { type: NotificationType; deviceCode: string | null },
): StoredPipeline[] {
  return pipelines.filter(
    (p) =>
      p.enabled &&
      meetsPriority(alarm.type, p.minimum_priority) &&
      (p.devices.length === 0 ||
        (alarm.deviceCode !== null && p.devices.includes(alarm.deviceCode))),
  );
}

function minutesOf(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** Whether `at` falls in the window, on the clock of its time zone; a window may span midnight. */
export function inQuietHours(quiet: QuietHours, at: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: quiet.time_zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  const now = hour * 60 + minute;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}
