/**
 * The historian's partitions: samples by UTC day, rollups by UTC month, each named after the
 * span it holds, so the name alone says when every row in it has passed its retention.
 */
export type PartitionedTable = 'historian_samples' | 'historian_rollups';

export interface PartitionSpan {
  table: PartitionedTable;
  name: string;
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The partition that holds a sample taken at `at` (epoch ms). */
export function samplePartition(at: number): PartitionSpan {
  const from = new Date(Math.floor(at / DAY_MS) * DAY_MS);
  const name = `historian_samples_p${from.getUTCFullYear()}${pad(from.getUTCMonth() + 1)}${pad(from.getUTCDate())}`;
  return { table: 'historian_samples', name, from, to: new Date(from.getTime() + DAY_MS) };
}

/** The partition that holds the rollup of the minute at `at` (epoch ms). */
export function rollupPartition(at: number): PartitionSpan {
  const day = new Date(at);
  const from = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  const to = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1));
  const name = `historian_rollups_p${from.getUTCFullYear()}${pad(from.getUTCMonth() + 1)}`;
  return { table: 'historian_rollups', name, from, to };
}

const NAMED = /^historian_(samples|rollups)_p(\d{4})(\d{2})(\d{2})?$/;

/** When the span of a partition named by this module ends; undefined for any other name. */
export function partitionEnd(name: string): Date | undefined {
  const m = NAMED.exec(name);
  if (!m) return undefined;
  const [, table, year, month, day] = m;
  if (table === 'samples' && day) {
    return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + 1));
  }
  if (table === 'rollups' && !day) return new Date(Date.UTC(Number(year), Number(month), 1));
  return undefined;
}

/** The partitions a span of time touches, oldest first. */
export function partitionsBetween(
  of: (at: number) => PartitionSpan,
  from: number,
  to: number,
): PartitionSpan[] {
  const spans: PartitionSpan[] = [];
  for (let at = from; at <= to;) {
    const span = of(at);
    spans.push(span);
    at = span.to.getTime();
  }
  return spans;
}

/** Partitions whose every row is older than `cutoff`. */
export function expired(names: readonly string[], cutoff: Date): string[] {
  return names.filter((name) => {
    const end = partitionEnd(name);
    return end !== undefined && end.getTime() <= cutoff.getTime();
  });
}
