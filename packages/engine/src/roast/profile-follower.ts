import type {
  EndCondition,
  PowerStep,
  ReferencePoint,
  RoastEventMarks,
  RoastEvents,
  RoastSample,
} from '@roastery/contract';
import { detectRoastEvents, endConditionReached, referenceBtAt } from '@roastery/contract';
import type { PidState, PidTuning } from './pid-controller.ts';
import { bumplessPid, pidStep } from './pid-controller.ts';

/** What the follower needs of a profile version's settings. */
export interface FollowedProfile {
  reference: readonly ReferencePoint[];
  power: readonly PowerStep[];
  end: EndCondition;
  dry_end_f: number;
}

export interface FollowerTuning {
  /** Burner % per °F of BT below the reference, and so on; outputs are burner %. */
  pid: PidTuning;
  /** The airflow when the profile has no power schedule. */
  airflowPct: number;
  /** The burner from charge to the turning point when the profile has no power schedule. */
  chargeBurnerPct: number;
}

/**
 * Tuned on the demo roaster's physics (500 lb drum, 1.8 MMBTU/h), closed loop: a burner change
 * reaches the beans within seconds through the drum air, they integrate it (a 1 % step adds about
 * 0.2 °F/min of rate of rise after 20 s, 0.35 after a minute, more as the drum's metal warms),
 * and the probe shows them 35 s late. An integral time of 40 s (kp / ki) takes out a lot's
 * difference from the reference within the first minutes after the turning point; the derivative
 * (5 s, filtered over 10 s) damps the probe's lag without passing a noisy probe's ±0.5 °F on to
 * the burner as more than a few %. Steering the setpoint ahead of time to make up for the probe's
 * lag was tried and doubled the deviation: the reference was itself recorded through the probe.
 */
export const drumRoasterTuning: FollowerTuning = {
  pid: { kp: 6, ki: 0.15, kd: 30, derivativeFilterS: 10, outputMin: 0, outputMax: 100 },
  airflowPct: 50,
  chargeBurnerPct: 75,
};

export interface FollowerState {
  /** The readings since charge, with the settings given at each. */
  samples: readonly RoastSample[];
  /** Null until the turning point: before it the probe only shows the charge. */
  pid: PidState | null;
}

export const chargedFollower: FollowerState = { samples: [], pid: null };

export interface FollowerReading {
  t_s: number;
  bt_f: number;
  et_f: number;
  crack_heard?: boolean;
}

export interface FollowerOutput {
  burner_pct: number;
  airflow_pct: number;
  /** The BT the burner is set to reach, null before the turning point. */
  setpoint_f: number | null;
  /** The end condition is reached: drop now. */
  drop: boolean;
  events: RoastEvents;
  state: FollowerState;
}

/**
 * One control step, each second of the roast: the burner (and airflow) to hold BT on the profile's
 * reference, and whether to drop. From charge to the turning point the burner runs the profile's
 * power schedule (or `chargeBurnerPct`) open loop; from the turning point on the PID corrects it,
 * taking over without a bump, with the power schedule as its feed-forward when there is one.
 */
export function followProfile(
  profile: FollowedProfile,
  state: FollowerState,
  reading: FollowerReading,
  marks: RoastEventMarks = {},
  tuning: FollowerTuning = drumRoasterTuning,
): FollowerOutput {
  const scheduled = powerAt(profile.power, reading.t_s);
  const airflow = scheduled?.airflow_pct ?? tuning.airflowPct;
  const feedForward = scheduled?.burner_pct ?? 0;
  const open = scheduled?.burner_pct ?? tuning.chargeBurnerPct;
  const sample: RoastSample = { ...reading, airflow_pct: airflow };
  const seen = [...state.samples, sample];
  const events = detectRoastEvents(seen, { dryEndF: profile.dry_end_f }, marks);
  const drop = endConditionReached(profile.end, sample, events);

  let burner = open;
  let pid: PidState | null = null;
  let setpoint: number | null = null;
  if (events.turning_point) {
    setpoint = referenceBtAt(profile.reference, reading.t_s);
    const input = { t_s: reading.t_s, setpoint, measurement: reading.bt_f, feedForward };
    const previous = state.samples[state.samples.length - 1];
    const engaged =
      state.pid ??
      bumplessPid(tuning.pid, input, previous?.burner_pct ?? open, rateFrom(previous, sample));
    const step = pidStep(tuning.pid, engaged, input);
    burner = step.output;
    pid = step.state;
  }
  seen[seen.length - 1] = { ...sample, burner_pct: burner };
  return {
    burner_pct: burner,
    airflow_pct: airflow,
    setpoint_f: setpoint,
    drop,
    events,
    state: { samples: seen, pid },
  };
}

/** The power schedule's step in force at `t_s` (the first one before it starts). */
function powerAt(power: readonly PowerStep[], t_s: number): PowerStep | undefined {
  let current = power[0];
  for (const step of power) if (step.t_s <= t_s) current = step;
  return current;
}

function rateFrom(previous: RoastSample | undefined, sample: RoastSample): number {
  if (!previous || sample.t_s <= previous.t_s) return 0;
  return (sample.bt_f - previous.bt_f) / (sample.t_s - previous.t_s);
}
