import {
  checkActual,
  checkLimit,
  criterionLabels,
  type MonitoringCheck,
  type MonitoringRecord,
  type TemperatureUnit,
} from '@roastery/contract';

/** Today as the record book counts days: in UTC, as the server files every record. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

const DAY = /^\d{4}-\d{2}-\d{2}$/u;

/** The day the address names (?date=YYYY-MM-DD), today when it names none or no real date. */
export function readDayParam(search: URLSearchParams, now: Date = new Date()): string {
  const day = search.get('date');
  return day && DAY.test(day) && !Number.isNaN(Date.parse(day)) ? day : todayUtc(now);
}

/** A check in one line: 'End temperature 428 °F (at most 440 °F): met'. */
export function describeCheck(
  check: MonitoringCheck,
  record: MonitoringRecord,
  unit: TemperatureUnit,
): string {
  const verdict = check.met === null ? 'no limit' : check.met ? 'met' : 'missed';
  return `${criterionLabels[check.criterion]} ${checkActual(check, record, unit)} (${checkLimit(check, unit)}): ${verdict}`;
}
