import type { RoasterSpec } from './roast-physics.ts';

/**
 * The simulated PLC's own burner controller, used while 'Burner Control' is SetPoint: it holds
 * 'Bean Temperature' towards 'Burner Set-point' as a roaster's temperature controller would.
 *
 * Output = feed-forward + kp × error + integral, within 0..maxPct. The feed-forward is the burner
 * that holds an empty drum's air at the set-point, so between batches the PLC preheats to it
 * with little correction. The output cap is the PLC's charge power: far below the set-point the
 * burner fires at it, and the proportional term eases it off as BT closes in, which bends the
 * rate of rise down towards first crack the way an operator's profile does. The integral, clamped
 * at the limits so minutes at the cap wind nothing up, removes what the load leaves of the error.
 */
export const SetPointTuning = {
  /** Burner % per °F of error. */
  kp: 0.3,
  /** Burner % per °F of error and second. */
  ki: 0.0005,
  maxPct: 70,
} as const;

export interface SetPointInput {
  setPointF: number;
  btF: number;
  airflowPct: number;
  dtMs: number;
}

/** Burner % that holds an empty drum's air at `etF`, from the model's steady state. */
export function holdingBurnerPct(spec: RoasterSpec, etF: number, airflowPct: number): number {
  const air = (spec.airflowMaxBtuPerSF * clamp(airflowPct, 0, 100)) / 100;
  if (air === 0) return 0;
  // The drum's shell losses seen from the air: the drum in series with the room.
  const drumPath =
    (spec.drumToAirBtuPerSF * spec.drumToRoomBtuPerSF) /
    (spec.drumToAirBtuPerSF + spec.drumToRoomBtuPerSF);
  const inletF = (etF * (air + drumPath) - drumPath * spec.ambientF) / air;
  return clamp((((inletF - spec.ambientF) * air) / spec.burnerMaxBtuPerS) * 100, 0, 100);
}

/** One scan of the controller: the burner % and the integral to keep for the next scan. */
export function setPointBurner(
  spec: RoasterSpec,
  integral: number,
  input: SetPointInput,
): { burnerPct: number; integral: number } {
  const { kp, ki, maxPct } = SetPointTuning;
  const error = input.setPointF - input.btF;
  const rest = holdingBurnerPct(spec, input.setPointF, input.airflowPct) + kp * error;
  const wound = integral + (ki * error * input.dtMs) / 1_000;
  // The integral may come back from a limit, never go further past it than it already is.
  const next = clamp(wound, Math.min(integral, -rest), Math.max(integral, maxPct - rest));
  return { burnerPct: clamp(rest + next, 0, maxPct), integral: next };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
