import type { OeeEntry } from '@roastery/contract';
import { fromCenti } from '../inventory/weights.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** What one roaster or packing line did in a period, from its batches. */
export interface LineFigures {
  kind: OeeEntry['kind'];
  label: string;
  /** Time of batches that finished. */
  runMs: number;
  /** Time of batches that failed. */
  faultMs: number;
  finished: number;
  failed: number;
  /** Weight handled by the finished batches, hundredths of a lb. */
  centi: number;
  /** The best rate the line ever reached on a finished batch (its ideal), hundredths per hour. */
  bestCentiPerHour: number;
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);
const asPercent = (share: number) => Math.round(share * 1000) / 10;
const minutes = (ms: number) => Math.round(ms / MINUTE_MS);

/**
 * OEE = Availability x Performance x Quality (docs/decisions, reports-oee):
 * - Availability: run time / (run time + fault time). Time with no batch is idle, not planned
 *   production (the console has no shift calendar), so it is shown but not counted against it.
 * - Performance: weight handled / (ideal rate x run time), the ideal rate being the best rate the
 *   line ever reached on a finished batch.
 * - Quality: finished batches / batches ended (finished or failed).
 */
export function oeeOfLine(line: LineFigures, periodMs: number): OeeEntry {
  const availability = ratio(line.runMs, line.runMs + line.faultMs);
  const performance = ratio(line.centi, (line.bestCentiPerHour * line.runMs) / HOUR_MS);
  const quality = ratio(line.finished, line.finished + line.failed);
  return {
    label: line.label,
    value: asPercent(availability * performance * quality),
    kind: line.kind,
    availability: asPercent(availability),
    performance: asPercent(performance),
    quality: asPercent(quality),
    run_minutes: minutes(line.runMs),
    fault_minutes: minutes(line.faultMs),
    idle_minutes: minutes(Math.max(0, periodMs - line.runMs - line.faultMs)),
    batches: line.finished + line.failed,
    failed: line.failed,
    lbs: fromCenti(line.centi),
    ideal_lbs_per_hour: fromCenti(Math.round(line.bestCentiPerHour)),
  };
}
