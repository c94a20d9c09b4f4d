import type { MonitoringCheck, MonitoringRecord } from './food-safety.ts';
import { formatTemperature, type TemperatureUnit } from './roast/temperature-unit.ts';

/**
 * The words of the food-safety record book, shared by the console's pages, the printed records
 * and the deviations' descriptions, so each says a check the same way. Temperatures are given
 * in °F and said in the plant's unit.
 */

export const criterionLabels: Record<MonitoringCheck['criterion'], string> = {
  time_at_temperature: 'Kill step: time at temperature',
  end_temperature: 'End temperature',
  total_time: 'Total roast time',
  colour: 'Colour',
};

/** A temperature to the degree in the plant's unit: '428 °F', '220 °C'. */
const degrees = (valueF: number, unit: TemperatureUnit): string =>
  formatTemperature(valueF, unit, 0);

/** Seconds as minutes and seconds: '11:05'. */
export function formatDuration(totalS: number): string {
  const s = Math.round(totalS);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

type Check = Pick<MonitoringCheck, 'criterion' | 'actual' | 'min' | 'max'>;

function value(check: Check, n: number, minBtF: number | null, unit: TemperatureUnit): string {
  switch (check.criterion) {
    case 'time_at_temperature':
      return `${Math.round(n)} s at or above ${minBtF === null ? '—' : degrees(minBtF, unit)}`;
    case 'end_temperature':
      return degrees(n, unit);
    case 'total_time':
      return formatDuration(n);
    case 'colour':
      return String(n);
  }
}

/** What was measured: '132 s at or above 400 °F', '428 °F', '11:05', '52'; '—' when nothing. */
export function checkActual(
  check: Check,
  record: Pick<MonitoringRecord, 'min_bt_f'>,
  unit: TemperatureUnit,
): string {
  return check.actual === null ? '—' : value(check, check.actual, record.min_bt_f, unit);
}

/** The limit in words: 'at least 120 s', 'at most 440 °F', '45 to 60'; 'none' when not set. */
export function checkLimit(check: Check, unit: TemperatureUnit): string {
  const say = (n: number) =>
    check.criterion === 'time_at_temperature' ? `${Math.round(n)} s` : value(check, n, null, unit);
  if (check.min !== null && check.max !== null) return `${say(check.min)} to ${say(check.max)}`;
  if (check.min !== null) return `at least ${say(check.min)}`;
  if (check.max !== null) return `at most ${say(check.max)}`;
  return 'none';
}

/** A missed check as a deviation states it: 'End temperature 452 °F, limit at most 440 °F.' */
export function missedCheckText(
  check: Check,
  record: Pick<MonitoringRecord, 'min_bt_f'>,
  unit: TemperatureUnit,
): string {
  const actual = check.actual === null ? 'not measured' : checkActual(check, record, unit);
  return `${criterionLabels[check.criterion]} ${actual}, limit ${checkLimit(check, unit)}.`;
}
