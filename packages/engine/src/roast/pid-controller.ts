/**
 * A PID controller as a pure function of its state and the time: the caller keeps the state and
 * passes the time of each reading, so the same readings always give the same outputs.
 *
 * - The derivative acts on the measurement, not the error: a step of the setpoint (a reference
 *   with a corner) gives no kick, and on a steady ramp d(error)/dt would only add the ramp's slope
 *   as a constant offset. It is low-pass filtered, since a probe's noise is all high frequency.
 * - Anti-windup by conditional integration (clamping): the integral may not move further in a
 *   direction in which the output is already at its limit. With the setpoint out of reach for
 *   minutes (a burner at 100 % still short of the curve) a back-calculating integral would keep
 *   a residue set by its tracking time constant, one more gain to tune; clamping holds the
 *   integral exactly where the limit is, and recomputes that bound every step, so it stays right
 *   while a feed-forward term moves the limit's position.
 */
export interface PidTuning {
  /** Output per unit of error. */
  kp: number;
  /** Output per unit of error and second. */
  ki: number;
  /** Output per unit of the measurement's rate, per second (output × s / unit). */
  kd: number;
  /** Time constant of the derivative's low-pass filter, s (0: none). */
  derivativeFilterS: number;
  outputMin: number;
  outputMax: number;
}

export interface PidState {
  /** The integral term, in output units. */
  integral: number;
  /** The filtered rate of the measurement, units per second. */
  rate: number;
  last: { t_s: number; measurement: number } | null;
}

export interface PidInput {
  t_s: number;
  setpoint: number;
  measurement: number;
  /** An output the process is known to need, added ahead of the correction. */
  feedForward?: number;
}

export interface PidResult {
  output: number;
  state: PidState;
  terms: { p: number; i: number; d: number; ff: number };
}

export const idlePid: PidState = { integral: 0, rate: 0, last: null };

/** Readings closer together than this count as one instant: no rate is read over so little. */
const SAME_INSTANT_S = 0.001;

export function pidStep(tuning: PidTuning, state: PidState, input: PidInput): PidResult {
  const ff = input.feedForward ?? 0;
  const error = input.setpoint - input.measurement;
  const elapsed = state.last ? input.t_s - state.last.t_s : 0;
  const dt = elapsed >= SAME_INSTANT_S ? elapsed : 0;
  const rate = filteredRate(tuning, state, input, dt);
  const p = tuning.kp * error;
  const d = -tuning.kd * rate;
  const rest = ff + p + d;
  const wound = state.integral + tuning.ki * error * dt;
  // The integral may come back from a limit, never go further past it than it already is.
  const low = Math.min(state.integral, tuning.outputMin - rest);
  const high = Math.max(state.integral, tuning.outputMax - rest);
  const i = clamp(wound, low, high);
  return {
    output: clamp(rest + i, tuning.outputMin, tuning.outputMax),
    state: {
      integral: i,
      rate,
      last:
        state.last && dt === 0 ? state.last : { t_s: input.t_s, measurement: input.measurement },
    },
    terms: { p, i, d, ff },
  };
}

/**
 * A state that takes over from manual (or scheduled) output without a bump: the integral is set
 * so that this reading's output is `output`.
 */
export function bumplessPid(
  tuning: PidTuning,
  input: PidInput,
  output: number,
  rate = 0,
): PidState {
  const ff = input.feedForward ?? 0;
  const p = tuning.kp * (input.setpoint - input.measurement);
  const d = -tuning.kd * rate;
  return {
    integral: clamp(output, tuning.outputMin, tuning.outputMax) - ff - p - d,
    rate,
    last: { t_s: input.t_s, measurement: input.measurement },
  };
}

function filteredRate(tuning: PidTuning, state: PidState, input: PidInput, dt: number): number {
  if (!state.last || dt === 0) return state.rate;
  const raw = (input.measurement - state.last.measurement) / dt;
  const keep = tuning.derivativeFilterS > 0 ? Math.exp(-dt / tuning.derivativeFilterS) : 0;
  return keep * state.rate + (1 - keep) * raw;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
