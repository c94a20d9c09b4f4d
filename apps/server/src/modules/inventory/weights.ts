/** lbs with two decimals <-> integer hundredths, the ledger's exact unit. */
export function toCenti(lbs: number): number {
  return Math.round(lbs * 100);
}

export function fromCenti(centi: number): number {
  return centi / 100;
}

export function formatCenti(centi: number): string {
  return `${(centi / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} lbs`;
}
