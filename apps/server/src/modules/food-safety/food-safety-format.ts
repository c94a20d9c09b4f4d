const lbs = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A weight as the plant states it: '1,250.5 lbs'. */
export const formatLbs = (value: number): string => `${lbs.format(value)} lbs`;

/** A time as the printed records state it, in UTC: '2026-03-10 14:05 UTC'. */
export const formatUtc = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
