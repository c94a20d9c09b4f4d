/** A weight as a device's screens and messages write it: up to two decimals, with its unit. */
export function formatLbs(n: number): string {
  return `${n.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })} lbs`;
}
