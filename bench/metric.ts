/**
 * The suite's unit of result: one measured figure with its target. Each benchmark prints one JSON
 * document on stdout; its `metrics` field (an array built with the helpers below) is what the
 * suite (run.ts) collects into results/latest.json and the table.
 */

/** A figure measured in the same run that the metric is compared with (a bare route, a raw loop). */
export interface Baseline {
  name: string;
  value: number;
  unit: string;
}

export interface MetricRecord {
  /** Dotted, stable across runs: `<area>.<what>[.<database>]`, e.g. `api.device-info.p99`. */
  name: string;
  value: number;
  unit: string;
  /** The target as read, e.g. `<= 10`; null for a figure reported without one. */
  target: string | null;
  /** Whether the value meets the target; null when there is none or nothing was measured. */
  pass: boolean | null;
  baseline?: Baseline;
  /** Which database served the figure, when the benchmark ran on both. */
  database?: string;
}

type Extra = Pick<MetricRecord, 'baseline' | 'database'>;

const rounded = (value: number) =>
  Number.isFinite(value) ? Math.round(value * 1000) / 1000 : Number.NaN;

/** A figure that must not exceed `limit` (latencies, CPU, memory). */
export function atMost(
  name: string,
  value: number,
  unit: string,
  limit: number,
  extra: Extra = {},
): MetricRecord {
  const measured = Number.isFinite(value);
  return {
    name,
    value: rounded(value),
    unit,
    target: `<= ${limit}`,
    pass: measured ? value <= limit : false,
    ...extra,
  };
}

/** A figure that must reach `limit` (throughput, ratios to a baseline, shares of requests). */
export function atLeast(
  name: string,
  value: number,
  unit: string,
  limit: number,
  extra: Extra = {},
): MetricRecord {
  const measured = Number.isFinite(value);
  return {
    name,
    value: rounded(value),
    unit,
    target: `>= ${limit}`,
    pass: measured ? value >= limit : false,
    ...extra,
  };
}

/** A figure reported for reading beside the others, with no target of its own. */
export function reported(
  name: string,
  value: number,
  unit: string,
  extra: Extra = {},
): MetricRecord {
  return { name, value: rounded(value), unit, target: null, pass: null, ...extra };
}

/** `value` as a share of `baseline` (0.5 = half), the baseline kept beside it. */
export function ratioOf(value: number, baseline: Baseline): number {
  return baseline.value > 0 ? value / baseline.value : Number.NaN;
}
