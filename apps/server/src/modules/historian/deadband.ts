import type { CommandKind } from '@roastery/contract';

/**
 * The smallest change of a tag's value worth storing, absolute, in the tag's unit: a bean
 * probe's half degree and a scale's tenth of a pound are what a trend can show and a person
 * act on. A coil, and an input without a unit (a state, a phase, an alarm code), store every
 * change, as does a unit not listed here: storing too much is the safe side.
 */
export const DEADBAND_BY_UNIT: Readonly<Record<string, number>> = {
  '°F': 0.5,
  lbs: 0.1,
  '%': 0.5,
  rpm: 1,
  'bags/min': 0.1,
};

export function deadbandOf(kind: CommandKind, unit: string): number {
  if (kind === 'binary') return 0;
  return DEADBAND_BY_UNIT[unit] ?? 0;
}

/**
 * Whether `next` differs enough from what was stored last. A deadband's own size counts as a
 * change: 10.1 - 10.0 lbs is 0.0999... in floating point, hence the tolerance.
 */
export function beyondDeadband(stored: number | null, next: number | null, deadband: number) {
  if (stored === null || next === null) return stored !== next;
  if (deadband === 0) return stored !== next;
  return Math.abs(next - stored) >= deadband - 1e-9;
}
