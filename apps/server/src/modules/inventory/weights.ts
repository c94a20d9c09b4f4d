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

/**
 * Splits an integer total into integer parts proportional to the weights, the parts summing to
 * the total exactly (largest remainder; ties go to the earlier weight). Zero weights get zero,
 * unless every weight is zero, when the first takes it all.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`cannot apportion ${total}`);
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new RangeError('cannot apportion over no weights');
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  // Exact integer arithmetic: weights in hundredths times a total can pass 2^53.
  const big = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = weights.map((w) => {
    const product = big * BigInt(w);
    return { floor: product / bigSum, rest: product % bigSum };
  });
  const parts = shares.map((s) => Number(s.floor));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = shares
    .map((s, i) => ({ i, rest: s.rest }))
    .sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.i - b.i));
  for (const { i } of order) {
    if (left === 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}
