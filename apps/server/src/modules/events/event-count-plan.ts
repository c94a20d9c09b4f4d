const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Where a stretch of the log is counted: the kept day or hour counts, or the rows themselves. */
export type CountSource = 'day' | 'hour' | 'rows';

/** A stretch of time, from (inclusive) until (exclusive); an end left out is open. */
export interface CountPart {
  source: CountSource;
  from?: Date;
  to?: Date;
}

const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;
const ceilTo = (t: number, unit: number) => Math.ceil(t / unit) * unit;

/**
 * Splits a time range into the whole UTC days inside it, the whole hours left at its ends and
 * the minutes left at its edges, so that an exact count reads a month as about thirty day
 * counts, a few dozen hour counts and at most two hours of rows. Parts in time order, none
 * empty; none for an empty range.
 */
export function countPlan(from?: Date, to?: Date): CountPart[] {
  const lo = from?.getTime() ?? -Infinity;
  const hi = to?.getTime() ?? Infinity;
  if (lo >= hi) return [];
  const hourLo = ceilTo(lo, HOUR_MS);
  const hourHi = floorTo(hi, HOUR_MS);
  if (hourLo >= hourHi) return [{ source: 'rows', from, to }];
  const dayLo = ceilTo(lo, DAY_MS);
  const dayHi = floorTo(hi, DAY_MS);
  const spans: [CountSource, number, number][] = [['rows', lo, hourLo]];
  if (dayLo < dayHi) {
    spans.push(['hour', hourLo, dayLo], ['day', dayLo, dayHi], ['hour', dayHi, hourHi]);
  } else {
    spans.push(['hour', hourLo, hourHi]);
  }
  spans.push(['rows', hourHi, hi]);
  return spans
    .filter(([, start, end]) => start < end)
    .map(([source, start, end]) => {
      const part: CountPart = { source };
      if (Number.isFinite(start)) part.from = new Date(start);
      if (Number.isFinite(end)) part.to = new Date(end);
      return part;
    });
}
