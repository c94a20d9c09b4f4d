import { formatLbs } from './format-lbs.ts';

/** A value of an administrator's report, as the server sends it. */
export type ReportValue = string | number | boolean | null;

/** How a report's cell reads: text, or a moment to show as the console shows times. */
export type ReportCell = { kind: 'text'; text: string } | { kind: 'time'; value: string };

/** The reporting views name weights in lbs: lbs, qty_lbs, green_lbs... */
const WEIGHT_COLUMN = /(^|[_\s])lbs$/i;
/** A moment as the server writes one (an ISO text in UTC). */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

const figure = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: false });

/**
 * A report's cell for people: a weight to the hundredth with its unit, another number to two
 * decimals at most, a moment in the console's time zone.
 */
export function reportCell(column: string, value: ReportValue): ReportCell {
  if (value === null) return { kind: 'text', text: '' };
  if (typeof value === 'number') {
    return {
      kind: 'text',
      text: WEIGHT_COLUMN.test(column) ? formatLbs(value) : figure.format(value),
    };
  }
  if (typeof value === 'string' && ISO_MOMENT.test(value)) return { kind: 'time', value };
  return { kind: 'text', text: String(value) };
}
