const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A green lot's moisture and density as the screens state them, e.g. 10.5 % · 700 g/L. */
export function formatGreenLot(moisturePct: number | null, densityGPerL: number | null): string {
  const parts = [
    moisturePct === null ? null : `${oneDecimal.format(moisturePct)} %`,
    densityGPerL === null ? null : `${Math.round(densityGPerL)} g/L`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? '—' : parts.join(' · ');
}
