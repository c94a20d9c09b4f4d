import dayjs from 'dayjs';

/** The spec's default lot number of a dump: 'DMP-' and the time as MMDDYYYYHHmmss. */
export function defaultLotNumber(now: Date = new Date()): string {
  return `DMP-${dayjs(now).format('MMDDYYYYHHmmss')}`;
}
