import {
  curveDeviation,
  detectRoastEvents,
  rateOfRise,
  roastPhases,
  type ReferencePoint,
  type RoastEventMarks,
  type RoastEvents,
  type RoastRecordSample,
  type RoastSample,
} from '@roastery/contract';
import type { StoredRoastPhases, StoredRoastSample } from '@roastery/db';

/** The dry end a roast without a profile version is read with: the profiles' default. */
export const DEFAULT_DRY_END_F = 300;

/** What a record's figures are derived from. */
export interface RoastInput {
  samples: readonly StoredRoastSample[];
  /** Charge to the roaster's drop, seconds. */
  roastS: number;
  endBtF: number;
  marks: RoastEventMarks;
  dryEndF: number;
  /** The profile version's reference, when the roast was one of its batches. */
  reference: readonly ReferencePoint[] | null;
}

export interface RoastFigures {
  events: RoastEvents;
  phases: StoredRoastPhases;
  deviation: { rms_f: number; max_abs_f: number } | null;
}

export function roastSamples(samples: readonly StoredRoastSample[]): RoastSample[] {
  return samples.map(([t_s, bt_f, et_f, , burner, airflow, crack]) => ({
    t_s,
    bt_f,
    et_f,
    ...(burner === null ? {} : { burner_pct: burner }),
    ...(airflow === null ? {} : { airflow_pct: airflow }),
    crack_heard: crack === 1,
  }));
}

/**
 * Events, phase split and deviation from the samples: first crack from the crack detector when
 * it heard one, else from the curve; any operator's mark over either; the drop where the roaster
 * dropped unless marked. Deviation runs from the turning point (before it the probe shows the
 * charge) to the drop.
 */
export function analyseRoast(input: RoastInput): RoastFigures {
  const samples = roastSamples(input.samples);
  const detected = detectRoastEvents(samples, { dryEndF: input.dryEndF }, input.marks);
  const events: RoastEvents = {
    ...detected,
    drop: detected.drop ?? { t_s: input.roastS, bt_f: input.endBtF, source: 'sensor' },
  };
  const { total_s, drying, maillard, development, development_ratio_pct } = roastPhases(
    events,
    input.roastS,
  );
  const dropS = events.drop?.t_s ?? input.roastS;
  const deviation =
    input.reference && input.reference.length >= 2
      ? curveDeviation(samples, input.reference, events.turning_point?.t_s ?? 0, dropS)
      : null;
  return {
    events,
    phases: { total_s, drying, maillard, development, development_ratio_pct },
    deviation: deviation && { rms_f: deviation.rms_f, max_abs_f: deviation.max_abs_f },
  };
}

/** The samples as the record shows them, with BT's rate of rise. */
export function recordSamples(samples: readonly StoredRoastSample[]): RoastRecordSample[] {
  const rates = rateOfRise(roastSamples(samples));
  return samples.map(([t_s, bt_f, et_f, inlet_f, burner_pct, airflow_pct], i) => ({
    t_s,
    bt_f,
    et_f,
    inlet_f,
    burner_pct,
    airflow_pct,
    ror_f_per_min: rates[i] ?? null,
  }));
}

const ORDER = ['turning_point', 'dry_end', 'first_crack', 'drop'] as const;

/**
 * Why the marks cannot stand, or null: each within the roast, and those given in the roast's
 * order (turning point, dry end, first crack, drop).
 */
export function marksProblem(marks: RoastEventMarks, roastS: number): string | null {
  let last: { name: string; t_s: number } | null = null;
  for (const name of ORDER) {
    const t_s = marks[name];
    if (t_s === undefined) continue;
    const label = name.replace('_', ' ');
    if (t_s > roastS) return `The ${label} mark is after the roast ended (${roastS} s).`;
    if (last && t_s <= last.t_s) return `The ${label} mark must come after the ${last.name} mark.`;
    last = { name: label, t_s };
  }
  return null;
}
