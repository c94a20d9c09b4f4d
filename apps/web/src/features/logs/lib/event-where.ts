import dayjs, { type Dayjs } from 'dayjs';
import type { EventWhere } from '@roastery/contract';

export interface EventFilters {
  device: string | undefined;
  text: string;
  /** Whole days, both included; null for all time. */
  range: [Dayjs, Dayjs] | null;
}

/** The spec's default: the current month. */
export function currentMonth(now = dayjs()): [Dayjs, Dayjs] {
  return [now.startOf('month'), now.endOf('month')];
}

/** The filters as the server's where: the range runs from the first day's start to the day after the last. */
export function whereOf(filters: EventFilters): EventWhere {
  const text = filters.text.trim();
  return {
    ...(filters.device ? { device_id: filters.device } : {}),
    ...(text ? { search: text } : {}),
    ...(filters.range
      ? {
          event_time: {
            gte: filters.range[0].startOf('day').toISOString(),
            lt: filters.range[1].add(1, 'day').startOf('day').toISOString(),
          },
        }
      : {}),
  };
}
