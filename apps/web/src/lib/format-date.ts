import dayjs from 'dayjs';
import { dateFormats } from '../config/date-formats.ts';

// Every date is shown in the browser's time zone: the plant's screens are in the plant, its
// settings name no zone of their own, and the forms and reports count days in the same zone.

function format(value: string | Date, pattern: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/** A date in a list or table, e.g. 21/11/2025; an unreadable value shows as an empty string. */
export function formatListDate(value: string | Date): string {
  return format(value, dateFormats.list);
}

/** A notification or event time, e.g. 11/21/2025 14:05. */
export function formatNotificationTime(value: string | Date): string {
  return format(value, dateFormats.notification);
}

/** A day with its month spelled, e.g. 12 Apr 2026. */
export function formatSpelledDate(value: string | Date): string {
  return format(value, dateFormats.spelled);
}

/** A moment with its month spelled, e.g. 12 Apr 2026, 14:05. */
export function formatSpelledTime(value: string | Date): string {
  return format(value, dateFormats.spelledTime);
}

/** A moment to the second: 14:05:09 today, 12 Apr 2026, 14:05:09 on another day. */
export function formatClockTime(value: string | Date, now: Date = new Date()): string {
  return dayjs(value).isSame(now, 'day')
    ? format(value, dateFormats.clock)
    : format(value, dateFormats.spelledClock);
}

const zoneNames = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' });

/** The short name of the zone times are shown in, at that moment (summer time changes it). */
export function timeZoneName(value: string | Date): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return zoneNames.formatToParts(date.toDate()).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * What a date's tooltip says: the day spelled, and for a moment its time and zone, e.g.
 * 12 Apr 2026, 14:05 UTC.
 */
export function describeDate(value: string | Date, withTime: boolean): string {
  if (!withTime) return formatSpelledDate(value);
  const text = formatSpelledTime(value);
  return text && `${text} ${timeZoneName(value)}`.trim();
}
