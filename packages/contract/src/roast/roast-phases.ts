import type { RoastEvents } from './roast-samples.ts';

export interface RoastPhase {
  s: number;
  /** Share of the roast so far (to drop once dropped). */
  pct: number;
}

/** Drying (charge to dry end), Maillard (dry end to first crack), development (first crack on). */
export interface RoastPhases {
  total_s: number;
  drying: RoastPhase;
  maillard: RoastPhase;
  development: RoastPhase;
  /** Development time over total time, %: the figure a `development_ratio` end condition uses. */
  development_ratio_pct: number;
}

/**
 * The phase split up to drop, or up to `now_s` while the roast runs: the phase in progress runs
 * to now, those not reached yet are 0 s.
 */
export function roastPhases(events: RoastEvents, now_s: number): RoastPhases {
  const end = events.drop?.t_s ?? now_s;
  const dryEnd = Math.min(events.dry_end?.t_s ?? end, end);
  const crack = Math.min(events.first_crack?.t_s ?? end, end);
  const total = Math.max(end, 0);
  const phase = (s: number): RoastPhase => ({ s, pct: total > 0 ? (100 * s) / total : 0 });
  const development = phase(Math.max(end - crack, 0));
  return {
    total_s: total,
    drying: phase(Math.max(dryEnd, 0)),
    maillard: phase(Math.max(crack - dryEnd, 0)),
    development,
    development_ratio_pct: development.pct,
  };
}
