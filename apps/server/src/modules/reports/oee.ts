import type { OeeEntry } from '@roastery/contract';
import { fromCenti } from '../inventory/weights.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * What a line is measured against, from its equipment as an administrator set it: a roaster's
 * batch capacity and ideal cycle, or the rated rate of the packer a packing workflow drives.
 * `device` is null when the line has no such device (a packing workflow that drives none).
 */
export type Nameplate =
  | { kind: 'roaster'; device: string | null; batchLbs: number | null; cycleMinutes: number | null }
  | { kind: 'packer'; device: string | null; ratedLbsPerHour: number | null };

/** What one roaster or packing line did in a period, from its batches. */
export interface LineFigures {
  kind: OeeEntry['kind'];
  label: string;
  /** Time of batches that finished, empty or not. */
  runMs: number;
  /** Time of batches that failed. */
  faultMs: number;
  /** Time of finished batches that moved beans. */
  goodMs: number;
  /** Batches that finished and moved beans. */
  good: number;
  /** Batches that finished and moved nothing. */
  empty: number;
  failed: number;
  /** Weight the finished batches handled, hundredths of a lb. */
  centi: number;
  nameplate: Nameplate;
}

export interface IdealRate {
  /** Null when the nameplate lacks what the rate is computed from. */
  lbsPerHour: number | null;
  /** How the rate follows from the nameplate, or what is missing to have one. */
  source: string;
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);
const asPercent = (share: number) => Math.round(share * 1000) / 10;
const minutes = (ms: number) => Math.round(ms / MINUTE_MS);
const hundredths = (n: number) => Math.round(n * 100) / 100;
const figure = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The time of [from, to) that has passed by now: a period reaching into the future stops now. */
export function elapsedMs(from: Date, to: Date, now: Date): number {
  return Math.max(0, Math.min(to.getTime(), now.getTime()) - from.getTime());
}

/**
 * A roaster's ideal rate is its batch capacity over its ideal batch cycle; a packing line's, the
 * rated rate of the packer it drives. Without those figures there is no ideal, never a guess.
 */
export function idealRate(nameplate: Nameplate): IdealRate {
  if (nameplate.device === null) {
    return {
      lbsPerHour: null,
      source:
        nameplate.kind === 'roaster'
          ? 'Not defined: the batches name no roaster.'
          : 'Not defined: the packing workflow drives no Packing-stage device.',
    };
  }
  if (nameplate.kind === 'roaster') {
    const { device, batchLbs, cycleMinutes } = nameplate;
    if (batchLbs === null || cycleMinutes === null) {
      const missing = [
        batchLbs === null ? 'batch capacity' : '',
        cycleMinutes === null ? 'ideal cycle' : '',
      ].filter(Boolean);
      return {
        lbsPerHour: null,
        source: `Not defined: ${device} has no ${missing.join(' or ')} set.`,
      };
    }
    return {
      lbsPerHour: (batchLbs * 60) / cycleMinutes,
      source: `${device}: ${figure(batchLbs)} lbs per batch, ${figure(cycleMinutes)} min ideal cycle.`,
    };
  }
  const { device, ratedLbsPerHour } = nameplate;
  return ratedLbsPerHour === null
    ? { lbsPerHour: null, source: `Not defined: ${device} has no rated rate set.` }
    : { lbsPerHour: ratedLbsPerHour, source: `${device}: rated ${figure(ratedLbsPerHour)} lbs/h.` };
}

/**
 * OEE = Availability x Performance x Quality (ADR "reports and recall"):
 * - Availability: run time / (run time + fault time). Time with no batch is idle, not planned
 *   production (the console has no shift calendar), so it is shown but not counted against it;
 *   `elapsed` is the period up to now, so idle time never runs into the future.
 * - Performance: weight handled / (ideal rate x run time of the batches that moved beans), at
 *   most 100 %. An empty batch is a quality loss, so its time is not counted here again. With no
 *   ideal rate Performance is not defined (null) and OEE is Availability x Quality.
 * - Quality: batches that finished and moved beans / batches ended (finished or failed).
 */
export function oeeOfLine(line: LineFigures, elapsed: number): OeeEntry {
  const ideal = idealRate(line.nameplate);
  const ended = line.good + line.empty + line.failed;
  const availability = ratio(line.runMs, line.runMs + line.faultMs);
  const performance =
    ideal.lbsPerHour === null
      ? null
      : ratio(fromCenti(line.centi), (ideal.lbsPerHour * line.goodMs) / HOUR_MS);
  const quality = ratio(line.good, ended);
  return {
    label: line.label,
    value: asPercent(availability * (performance ?? 1) * quality),
    kind: line.kind,
    availability: asPercent(availability),
    performance: performance === null ? null : asPercent(performance),
    quality: asPercent(quality),
    run_minutes: minutes(line.runMs),
    fault_minutes: minutes(line.faultMs),
    idle_minutes: minutes(Math.max(0, elapsed - line.runMs - line.faultMs)),
    batches: ended,
    failed: line.failed,
    empty: line.empty,
    lbs: fromCenti(line.centi),
    ideal_lbs_per_hour: ideal.lbsPerHour === null ? null : hundredths(ideal.lbsPerHour),
    ideal_source: ideal.source,
    actual_lbs_per_hour:
      line.goodMs > 0 ? hundredths((fromCenti(line.centi) * HOUR_MS) / line.goodMs) : null,
  };
}
