import Tooltip from 'antd/es/tooltip';
import dayjs from 'dayjs';
import {
  describeDate,
  formatListDate,
  formatNotificationTime,
  formatSpelledDate,
  formatSpelledTime,
} from '../lib/format-date.ts';

/**
 * How a date reads: the spec's list date (21/11/2025) or notification and kanban time
 * (11/21/2025 14:05), or with its month spelled (21 Nov 2025, or 21 Nov 2025, 14:05).
 */
export type DateStyle = 'list' | 'notification' | 'spelled' | 'spelledTime';

const looks: Record<DateStyle, { format: (value: string) => string; withTime: boolean }> = {
  list: { format: formatListDate, withTime: false },
  notification: { format: formatNotificationTime, withTime: true },
  spelled: { format: formatSpelledDate, withTime: false },
  spelledTime: { format: formatSpelledTime, withTime: true },
};

interface DateTextProps {
  value: string | null | undefined;
  style: DateStyle;
}

/**
 * A date as a `time` element. The spec's numeric formats read the same day two ways, so their
 * tooltip spells it; a time's tooltip also names the zone it is shown in.
 */
export function DateText({ value, style }: DateTextProps) {
  const look = looks[style];
  const text = value ? look.format(value) : '';
  if (!value || !text) return <>—</>;
  const element = <time dateTime={dayjs(value).toISOString()}>{text}</time>;
  if (style === 'spelled') return element;
  return <Tooltip title={describeDate(value, look.withTime)}>{element}</Tooltip>;
}
