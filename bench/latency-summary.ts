/** min, median, p95, p99 and max of a set of millisecond samples, rounded to 0.1 ms. */
export function latencySummary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    min: round(sorted[0] ?? NaN),
    median: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}
