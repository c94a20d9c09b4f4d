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

/**
 * How the PLC follows a set-point led along a curve from outside (a console writing a roast
 * profile's reference a second at a time): a PID tuned on the roast, since the holding law above
 * would leave BT tens of °F behind a rising set-point (its gain is a third of a % per °F). The
 * proportional and integral act on the error, the derivative on the probe (filtered), against
 * its 35 s lag; the whole burner is available, as a profile may ask for more than the charge
 * power. Tuned softer than the fastest tracking it could give: a stiffer loop (kp 8, 40 s
 * integral) kept BT 0.7 °F closer but bent the rate of rise after first crack enough to raise
 * the console's RoR crash and flick alarms. The 45 s integral (60 s before) wins back the lag a
 * console leaves after the turning point, which grew when the drying model kept more water to
 * first crack and the demo curve rose faster through drying. The PLC counts the set-point as led
 * while it has changed within `ledForS`.
 */
export const CurveTuning = {
  /** Burner % per °F of error. */
  kp: 6,
  /** The integral's time: kp / integralS burner % per °F of error and second. */
  integralS: 45,
  /** Burner % per °F/s of the filtered probe's rise, over kp. */
  derivativeS: 10,
  filterS: 10,
  maxPct: 100,
  ledForS: 30,
  /** A set-point step larger than this is a new target, not the curve moving on. */
  jumpF: 5,
} as const;

/** What the PLC's controller keeps from one scan to the next. */
export interface BurnerControllerState {
  /** The holding law's integral. */
  integral: number;
  /** The curve PID's integral. */
  curveIntegral: number;
  /** The set-point at the last scan; null before the first. */
  setPointF: number | null;
  /** Seconds since the set-point last changed. */
  sinceChangeS: number;
  filteredBtF: number | null;
  burnerPct: number;
}

/** The controller with the burner off or fired by the console: nothing wound up. */
export const restingController: BurnerControllerState = {
  integral: 0,
  curveIntegral: 0,
  setPointF: null,
  sinceChangeS: Infinity,
  filteredBtF: null,
  burnerPct: 0,
};

/**
 * One scan of the PLC's burner controller: it holds a set-point that stands still (preheat, a
 * workflow's fixed set-point) with `setPointBurner`, and follows one that is led along a curve
 * with the curve PID, which takes over from the burner as it was, so the change of law (and a
 * jump of the set-point, as at a profile's turning point) moves the burner smoothly.
 */
export function plcBurner(
  spec: RoasterSpec,
  state: BurnerControllerState,
  input: SetPointInput,
): { burnerPct: number; state: BurnerControllerState } {
  const dtS = input.dtMs / 1_000;
  const { kp, integralS, derivativeS, filterS, maxPct, ledForS, jumpF } = CurveTuning;
  const changed = state.setPointF !== null && input.setPointF !== state.setPointF;
  const jumped = changed && Math.abs(input.setPointF - (state.setPointF ?? 0)) > jumpF;
  const sinceChangeS = changed ? 0 : state.sinceChangeS + dtS;
  const filteredBtF =
    state.filteredBtF === null
      ? input.btF
      : state.filteredBtF + ((input.btF - state.filteredBtF) * dtS) / (filterS + dtS);
  const risingFPerS = state.filteredBtF === null ? 0 : (filteredBtF - state.filteredBtF) / dtS;
  const kept = { setPointF: input.setPointF, sinceChangeS, filteredBtF };
  if (sinceChangeS > ledForS) {
    const held = setPointBurner(spec, state.integral, input);
    const burnerPct = held.burnerPct;
    return { burnerPct, state: { ...kept, integral: held.integral, curveIntegral: 0, burnerPct } };
  }
  const error = input.setPointF - input.btF;
  const rest =
    holdingBurnerPct(spec, input.setPointF, input.airflowPct) +
    kp * (error - derivativeS * risingFPerS);
  // Led anew, or jumped to a new target: on from the burner as it was.
  const takeOver = jumped || (changed && state.sinceChangeS > ledForS);
  const integral = takeOver ? state.burnerPct - rest : state.curveIntegral;
  const wound = integral + (kp * error * dtS) / integralS;
  const saturated = (rest + wound > maxPct && error > 0) || (rest + wound < 0 && error < 0);
  const curveIntegral = saturated ? integral : wound;
  const burnerPct = clamp(rest + curveIntegral, 0, maxPct);
  return { burnerPct, state: { ...kept, integral: 0, curveIntegral, burnerPct } };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
