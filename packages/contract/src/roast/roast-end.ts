import type { EndCondition, ReferencePoint } from '../roast-profiles.ts';
import { rateOfRise } from './rate-of-rise.ts';
import type { RoastEvents, RoastSample } from './roast-samples.ts';

/**
 * BT at which first crack is expected while the curve has not shown it yet: the middle of the
 * 385-400 °F a typical lot cracks at (docs/roaster-physics.md).
 */
export const EXPECTED_FIRST_CRACK_F = 390;

/**
 * Whether the roast should drop now. A drop temperature counts only after the turning point:
 * at charge the probe still reads the hot drum. A development ratio needs first crack.
 */
export function endConditionReached(
  end: EndCondition,
  latest: RoastSample,
  events: RoastEvents,
): boolean {
  const crackS = events.first_crack?.t_s;
  switch (end.kind) {
    case 'drop_temperature':
      return events.turning_point !== null && latest.bt_f >= end.value;
    case 'time_after_first_crack':
      return crackS !== undefined && latest.t_s - crackS >= end.value;
    case 'development_ratio':
      return (
        crackS !== undefined &&
        latest.t_s > 0 &&
        (100 * (latest.t_s - crackS)) / latest.t_s >= end.value
      );
    case 'total_time':
      return latest.t_s >= end.value;
  }
}

/**
 * When the roast is expected to drop, seconds after charge, from the samples so far: now once the
 * end condition is reached; else for a temperature, when BT gets there if it goes on as the
 * reference did from where BT is now (the reference's time from today's BT to the target, added to
 * now), or at today's rate of rise when the reference never gets there; first crack, while not
 * seen yet, is expected at `EXPECTED_FIRST_CRACK_F` the same way. Null when BT is not rising
 * towards a temperature it has to reach, or before the turning point.
 */
export function projectDropTime(
  samples: readonly RoastSample[],
  events: RoastEvents,
  reference: readonly ReferencePoint[],
  end: EndCondition,
): number | null {
  const latest = samples[samples.length - 1];
  if (!latest) return null;
  if (endConditionReached(end, latest, events)) return latest.t_s;
  if (end.kind === 'total_time') return end.value;
  if (!events.turning_point) return null;
  const reach = (f: number) => projectReach(samples, reference, f);
  if (end.kind === 'drop_temperature') return reach(end.value);
  const crackS = events.first_crack?.t_s ?? reach(EXPECTED_FIRST_CRACK_F);
  if (crackS === null) return null;
  if (end.kind === 'time_after_first_crack') return crackS + end.value;
  return crackS / (1 - end.value / 100);
}

/** When BT is expected to reach `targetF`, or null when it is not heading there. */
function projectReach(
  samples: readonly RoastSample[],
  reference: readonly ReferencePoint[],
  targetF: number,
): number | null {
  const latest = samples[samples.length - 1];
  if (!latest) return null;
  if (latest.bt_f >= targetF) return latest.t_s;
  const fromS = referenceTimeAt(reference, latest.bt_f);
  const toS = referenceTimeAt(reference, targetF);
  if (fromS !== null && toS !== null) return latest.t_s + (toS - fromS);
  const rate = rateOfRise(samples).at(-1);
  if (!rate || rate <= 0) return null;
  return latest.t_s + ((targetF - latest.bt_f) / rate) * 60;
}

/**
 * When the reference first reaches `f` after its lowest point (before it, a curve from a logger
 * still shows the probe falling from the charge temperature), linear between its points.
 */
function referenceTimeAt(reference: readonly ReferencePoint[], f: number): number | null {
  let lowest = 0;
  reference.forEach((p, i) => {
    if (p.bt_f < (reference[lowest]?.bt_f ?? Infinity)) lowest = i;
  });
  for (let i = lowest + 1; i < reference.length; i++) {
    const before = reference[i - 1];
    const after = reference[i];
    if (!before || !after || after.bt_f < f || before.bt_f >= f) continue;
    return before.t_s + ((f - before.bt_f) / (after.bt_f - before.bt_f)) * (after.t_s - before.t_s);
  }
  return null;
}
