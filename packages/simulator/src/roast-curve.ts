import type { GreenLot, RoastInputs, RoastResult, RoasterSpec } from './roast-physics.ts';
import { charge, drop, preheatedRoaster, step } from './roast-physics.ts';

/** When something happened, as time since charge, and what BT read then. */
export interface RoastEvent {
  ms: number;
  btF: number;
}

/** The events a roast logger marks, measured the way a roaster reads them off the BT curve. */
export interface RoastCurve {
  chargeEtF: number;
  /** The lowest BT reading before it first rises again. */
  turningPoint: RoastEvent;
  /** BT reaching 300 °F after the turning point (yellowing). */
  dryEnd: RoastEvent | null;
  firstCrack: RoastEvent | null;
  secondCrack: RoastEvent | null;
  drop: RoastEvent;
  result: RoastResult;
}

export interface RoastPlan {
  lot: GreenLot;
  greenLbs: number;
  preheat: RoastInputs;
  inputsAt: (elapsedMs: number) => RoastInputs;
  /** Drop at the first sample after first crack where BT reads at least this. */
  dropBtF: number;
  sampleMs?: number;
  /** Give up when the roast has not dropped by then. */
  limitMs?: number;
}

export const DRY_END_F = 300;

/** Preheats, charges and roasts one batch, sampling BT as a roast logger would. */
export function roastCurve(spec: RoasterSpec, plan: RoastPlan): RoastCurve {
  const { sampleMs = 1_000, limitMs = 20 * 60_000 } = plan;
  const preheated = preheatedRoaster(spec, plan.preheat);
  let state = charge(spec, preheated, plan.lot, plan.greenLbs);
  let lowest: RoastEvent = { ms: 0, btF: state.btF };
  let turningPoint: RoastEvent | null = null;
  let dryEnd: RoastEvent | null = null;
  let firstCrack: RoastEvent | null = null;
  let secondCrack: RoastEvent | null = null;
  for (let ms = sampleMs; ms <= limitMs; ms += sampleMs) {
    state = step(spec, state, plan.inputsAt(ms - sampleMs), sampleMs);
    const batch = state.batch;
    if (!batch) throw new Error('The roaster lost its batch');
    const now: RoastEvent = { ms, btF: state.btF };
    if (!turningPoint) {
      if (now.btF <= lowest.btF) lowest = now;
      else turningPoint = lowest;
    } else if (!dryEnd && now.btF >= DRY_END_F) dryEnd = now;
    if (!firstCrack && batch.firstCrackMs !== null) firstCrack = now;
    if (!secondCrack && batch.secondCrackMs !== null) secondCrack = now;
    if (turningPoint && firstCrack && now.btF >= plan.dropBtF) {
      const { result } = drop(state);
      return {
        chargeEtF: preheated.etF,
        turningPoint,
        dryEnd,
        firstCrack,
        secondCrack,
        drop: now,
        result,
      };
    }
  }
  throw new Error(`No drop at ${plan.dropBtF} °F within ${limitMs} ms`);
}
