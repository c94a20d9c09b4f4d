import type { ReferencePoint } from '../roast-profiles.ts';
import type { RoastSample } from './roast-samples.ts';

/**
 * The reference's BT at a time since charge, linear between its points. Before its first point
 * and after its last one the nearest segment is extended, so a roast that runs past the end of
 * its reference is still led on the way the reference was heading.
 */
export function referenceBtAt(reference: readonly ReferencePoint[], t_s: number): number {
  if (reference.length < 2) throw new Error('A reference curve needs at least two points');
  let i = 1;
  while (i < reference.length - 1 && (reference[i]?.t_s ?? Infinity) < t_s) i += 1;
  const before = reference[i - 1];
  const after = reference[i];
  if (!before || !after) throw new Error('A reference curve needs at least two points');
  const share = (t_s - before.t_s) / (after.t_s - before.t_s);
  return before.bt_f + share * (after.bt_f - before.bt_f);
}

/** How far BT strayed from the reference (BT minus reference, °F), over the samples compared. */
export interface CurveDeviation {
  samples: number;
  rms_f: number;
  /** The largest distance either way. */
  max_abs_f: number;
  /** The deviation at that sample, with its sign: above the reference is positive. */
  signed_max_f: number;
  signed_max_t_s: number;
}

/**
 * BT against the reference from `from_s` (the turning point: before it the probe only shows the
 * charge) to `to_s` (drop, or now), both included. Samples beyond the reference's last point are
 * left out: the reference says nothing there. Null when no sample is left to compare.
 */
export function curveDeviation(
  samples: readonly RoastSample[],
  reference: readonly ReferencePoint[],
  from_s: number,
  to_s: number,
): CurveDeviation | null {
  const last = reference[reference.length - 1]?.t_s ?? -Infinity;
  let count = 0;
  let sumSquares = 0;
  let worst: { f: number; t_s: number } | null = null;
  for (const sample of samples) {
    if (sample.t_s < from_s || sample.t_s > to_s || sample.t_s > last) continue;
    const f = sample.bt_f - referenceBtAt(reference, sample.t_s);
    count += 1;
    sumSquares += f * f;
    if (!worst || Math.abs(f) > Math.abs(worst.f)) worst = { f, t_s: sample.t_s };
  }
  if (!worst) return null;
  return {
    samples: count,
    rms_f: Math.sqrt(sumSquares / count),
    max_abs_f: Math.abs(worst.f),
    signed_max_f: worst.f,
    signed_max_t_s: worst.t_s,
  };
}
