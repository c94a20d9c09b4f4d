import type { RoastInputs } from './roast-physics.ts';

/** One stretch of a roast profile: these settings from `fromS` seconds after charge on. */
export interface ProfileStep {
  fromS: number;
  burnerPct: number;
  airflowPct: number;
}

/** Between batches the burner holds the empty drum near 415 °F ET, ready to charge. */
export const demoPreheat: RoastInputs = { burnerPct: 38, airflowPct: 50, drumRunning: true };

/**
 * The demo roaster's profile for a full batch: the burner eases off as the beans warm so the rate
 * of rise falls towards first crack, and the airflow opens to carry the smoke and chaff away.
 */
export const demoProfile: readonly ProfileStep[] = [
  { fromS: 0, burnerPct: 75, airflowPct: 50 },
  { fromS: 240, burnerPct: 70, airflowPct: 55 },
  { fromS: 420, burnerPct: 65, airflowPct: 60 },
  { fromS: 540, burnerPct: 60, airflowPct: 65 },
];

/** A medium (city) roast: drop once BT reads this after first crack. */
export const demoDropBtF = 420;

/** The profile's settings at a time since charge, with the drum turning. */
export function profileInputs(profile: readonly ProfileStep[], elapsedMs: number): RoastInputs {
  let current = profile[0];
  for (const stretch of profile) if (elapsedMs >= stretch.fromS * 1_000) current = stretch;
  if (!current) throw new Error('A roast profile needs at least one step');
  return { burnerPct: current.burnerPct, airflowPct: current.airflowPct, drumRunning: true };
}
