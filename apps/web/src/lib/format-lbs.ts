const lbs = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A weight as the plant states it, e.g. 1,250 lbs. */
export function formatLbs(value: number): string {
  return `${lbs.format(value)} lbs`;
}
