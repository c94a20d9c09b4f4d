import dayjs, { type Dayjs } from 'dayjs';

/** A report's period: from (inclusive) to (exclusive), whole days in the browser's zone. */
export interface Period {
  from: Dayjs;
  to: Dayjs;
}

export const periodPresets: { label: string; value: () => [Dayjs, Dayjs] }[] = [
  { label: 'Today', value: () => [dayjs().startOf('day'), dayjs().endOf('day')] },
  {
    label: 'Last 7 days',
    value: () => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')],
  },
  {
    label: 'Last 30 days',
    value: () => [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')],
  },
  { label: 'This month', value: () => [dayjs().startOf('month'), dayjs().endOf('month')] },
  {
    label: 'Last month',
    value: () => [
      dayjs().subtract(1, 'month').startOf('month'),
      dayjs().subtract(1, 'month').endOf('month'),
    ],
  },
  { label: 'This year', value: () => [dayjs().startOf('year'), dayjs().endOf('year')] },
];

/** The period the reports open with: the last 30 days. */
export function defaultPeriod(): Period {
  return {
    from: dayjs().subtract(29, 'day').startOf('day'),
    to: dayjs().add(1, 'day').startOf('day'),
  };
}

/** A picked range of days [first, last] as the period that covers both whole days. */
export function periodOfDays(first: Dayjs, last: Dayjs): Period {
  return { from: first.startOf('day'), to: last.add(1, 'day').startOf('day') };
}

/** A calendar day written YYYY-MM-DD; undefined for anything else (2026-02-30 included). */
function parseDay(text: string | null): Dayjs | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const day = dayjs(text);
  return day.isValid() && day.format('YYYY-MM-DD') === text ? day : undefined;
}

/** Reads from and to (YYYY-MM-DD, to inclusive) off the address; the default when absent. */
export function periodFromSearch(params: URLSearchParams): Period {
  const from = parseDay(params.get('from'));
  const to = parseDay(params.get('to'));
  if (!from || !to || to.isBefore(from)) return defaultPeriod();
  return periodOfDays(from, to);
}

/** The period as the address shows it: both days inclusive. */
export function periodToSearch(period: Period): { from: string; to: string } {
  return {
    from: period.from.format('YYYY-MM-DD'),
    to: period.to.subtract(1, 'day').format('YYYY-MM-DD'),
  };
}

/** The reports' query string: the instants and the zone the days are counted in. */
export function periodQuery(period: Period): string {
  return new URLSearchParams({
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  }).toString();
}
