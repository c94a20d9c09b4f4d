/**
 * Whether a number has at most `places` decimals, allowing for binary fractions (84.35 * 100); a
 * number too small to be a hundredth (3e-323) is not 0, and is beyond what a database's real
 * column holds besides.
 */
export function hasDecimals(value: number, places: number): boolean {
  const scale = 10 ** places;
  const units = Math.round(value * scale);
  return Math.abs(value * scale - units) < 1e-6 && (units !== 0 || value === 0);
}
