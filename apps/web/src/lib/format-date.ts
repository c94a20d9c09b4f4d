import dayjs from 'dayjs';
import { dateFormats } from '../config/date-formats.ts';

/** A date in a list or table, e.g. 21/11/2025; an unreadable value shows as an empty string. */
export function formatListDate(value: string | Date): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(dateFormats.list) : '';
}

/** A notification or event time, e.g. 11/21/2025 14:05. */
export function formatNotificationTime(value: string | Date): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(dateFormats.notification) : '';
}
