import type { EndCondition, ReferencePoint } from '@roastery/contract';
import { curveDeviation } from '@roastery/contract';
import {
  charge,
  demoPreheat,
  demoProfile,
  demoRoasterSpec,
  preheatedRoaster,
  profileInputs,
  step,
  typicalGreenLot,
} from '@roastery/simulator';
import { describe, expect, it } from 'vitest';
import type { FollowedProfile, FollowerOutput } from './profile-follower.ts';
import { chargedFollower, followProfile } from './profile-follower.ts';

type Lot = typeof typicalGreenLot;
const spec = demoRoasterSpec;
const dropAt420: EndCondition = { kind: 'drop_temperature', value: 420 };

/** The demo profile's own roast, open loop: its BT each second from charge to 420 °F after FC. */
function demoReference(): ReferencePoint[] {
  let state = charge(spec, preheatedRoaster(spec, demoPreheat), typicalGreenLot, 500);
  const reference = [{ t_s: 0, bt_f: state.btF }];
  for (let t = 1; t <= 1_200; t++) {
    state = step(spec, state, profileInputs(demoProfile, (t - 1) * 1_000), 1_000);
    reference.push({ t_s: t, bt_f: state.btF });
    if (state.batch?.firstCrackMs !== null && state.btF >= 420) return reference;
  }
  throw new Error('The demo profile did not reach 420 °F');
}

const reference = demoReference();
const schedule = demoProfile.map((p) => ({
  t_s: p.fromS,
  burner_pct: p.burnerPct,
  airflow_pct: p.airflowPct,
}));
const withSchedule: FollowedProfile = {
  reference,
  power: schedule,
  end: dropAt420,
  dry_end_f: 300,
};
const pidOnly: FollowedProfile = { ...withSchedule, power: [] };

interface ClosedLoop {
  last: FollowerOutput;
  outputs: FollowerOutput[];
  dropBtF: number;
  crackS: number | null;
}

/** The follower driving the demo roaster each second, the model's crack heard by a detector. */
function roast(profile: FollowedProfile, greenLbs = 500, lot: Lot = typicalGreenLot): ClosedLoop {
  let state = charge(spec, preheatedRoaster(spec, demoPreheat), lot, greenLbs);
  let follower = chargedFollower;
  const outputs: FollowerOutput[] = [];
  for (let t = 0; t <= 1_500; t++) {
    const crackMs = state.batch?.firstCrackMs ?? null;
    const out = followProfile(profile, follower, {
      t_s: t,
      bt_f: state.btF,
      et_f: state.etF,
      crack_heard: crackMs !== null,
    });
    outputs.push(out);
    follower = out.state;
    if (out.drop) {
      return { last: out, outputs, dropBtF: state.btF, crackS: crackMs && crackMs / 1_000 };
    }
    const inputs = { burnerPct: out.burner_pct, airflowPct: out.airflow_pct, drumRunning: true };
    state = step(spec, state, inputs, 1_000);
  }
  throw new Error('The roast never dropped');
}

function deviationFromTurn(run: ClosedLoop) {
  const turn = run.last.events.turning_point;
  if (!turn) throw new Error('No turning point');
  return curveDeviation(
    run.last.state.samples,
    reference,
    turn.t_s,
    run.last.state.samples.at(-1)!.t_s,
  );
}

const cases: [name: string, greenLbs: number, lot: Lot][] = [
  ['a full batch of the typical lot', 500, typicalGreenLot],
  ['a batch 20 % smaller', 400, typicalGreenLot],
  ['a wetter, denser lot', 500, { moisture: 0.13, densityGPerL: 760 }],
];

describe.each([
  ['the power schedule as feed-forward', withSchedule],
  ['the PID alone', pidOnly],
])('following the demo reference with %s', (_, profile) => {
  it.each(cases)('holds BT within 3 °F RMS of it from turning point to drop: %s', (_, lbs, lot) => {
    const run = roast(profile, lbs, lot);
    const deviation = deviationFromTurn(run);
    expect(deviation?.samples).toBeGreaterThan(600);
    expect(deviation?.rms_f).toBeLessThan(3);
    expect(Math.abs(run.dropBtF - 420)).toBeLessThanOrEqual(2);
  });
});

describe('the follower', () => {
  it('runs the schedule open loop until the turning point, then corrects it', () => {
    const { outputs } = roast(withSchedule, 400);
    const turnS = outputs.at(-1)!.events.turning_point!.t_s;
    const before = outputs.filter((o) => o.setpoint_f === null);
    expect(before.length).toBeGreaterThan(turnS);
    expect(before.every((o) => o.burner_pct === 75 && o.airflow_pct === 50)).toBe(true);
    // A smaller batch runs hot on the full batch's schedule: the PID takes burner away.
    const after = outputs.slice(before.length, before.length + 60);
    expect(Math.min(...after.map((o) => o.burner_pct))).toBeLessThan(60);
    expect(outputs.find((o) => o.state.samples.length === 300)?.airflow_pct).toBe(55);
  });

  it('without a schedule, charges at its own burner and airflow and keeps the airflow', () => {
    const { outputs } = roast(pidOnly);
    expect(outputs[0]!.burner_pct).toBe(75);
    expect(outputs.every((o) => o.airflow_pct === 50)).toBe(true);
    expect(new Set(outputs.map((o) => o.burner_pct)).size).toBeGreaterThan(100);
  });

  it('records each reading with the settings it gave', () => {
    const { last } = roast(withSchedule);
    const samples = last.state.samples;
    expect(samples).toHaveLength(last.state.samples.at(-1)!.t_s + 1);
    expect(samples[10]).toMatchObject({ t_s: 10, burner_pct: 75, airflow_pct: 50 });
  });

  it('drops on the other end conditions: time after the crack heard, and total time', () => {
    const afterCrack = roast({
      ...withSchedule,
      end: { kind: 'time_after_first_crack', value: 150 },
    });
    expect(afterCrack.last.events.first_crack?.source).toBe('sensor');
    const heardS = afterCrack.last.events.first_crack!.t_s;
    expect(heardS - (afterCrack.crackS ?? 0)).toBeLessThanOrEqual(1);
    expect(afterCrack.last.state.samples.at(-1)!.t_s).toBe(heardS + 150);
    const timed = roast({ ...withSchedule, end: { kind: 'total_time', value: 700 } });
    expect(timed.last.state.samples.at(-1)!.t_s).toBe(700);
  });
});
