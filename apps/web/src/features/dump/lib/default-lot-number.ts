import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

const PREFIX = 'DMP-';
const FORMAT = 'MMDDYYYYHHmmss';

/** The spec's default lot number of a dump: 'DMP-' and the time as MMDDYYYYHHmmss. */
export function defaultLotNumber(now: Date = new Date()): string {
  return `${PREFIX}${dayjs(now).format(FORMAT)}`;
}

/**
 * The default lot number of the next request, after one made with `used`: the time now, or a
 * second after `used` when that is not earlier (requests made within one second must not share
 * a default lot number, which the server would refuse as taken).
 */
export function nextLotNumber(used: string, now: Date = new Date()): string {
  const usedAt = used.startsWith(PREFIX) ? dayjs(used.slice(PREFIX.length), FORMAT, true) : null;
  if (usedAt?.isValid() && !usedAt.isBefore(dayjs(now).startOf('second'))) {
    return defaultLotNumber(usedAt.add(1, 'second').toDate());
  }
  return defaultLotNumber(now);
}
