import { BurnerControl, RoasterPhase, rateOfRise, type RoastEvents } from '@roastery/contract';
import {
  chargedFollower,
  followProfile,
  type FollowedProfile,
  type FollowerState,
} from '@roastery/engine';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';

/** What the controller writes to a roaster. */
export type ControlOutput =
  'burner-power' | 'burner-control' | 'burner-set-point' | 'airflow' | 'drop-request';

/**
 * How the controller drives a roaster's burner. 'power': the console's PID sets the burner
 * ('Burner Control' Console, 'Burner Power'). 'set-point': the PLC's own controller does, and the
 * console writes it the reference as a set-point curve ('Burner Set-point'), for a PLC that takes
 * no burner power from outside.
 */
export type BurnerMode = 'power' | 'set-point';

/** A profile version as the controller runs it. */
export type ControlledProfile = FollowedProfile & { charge_temperature_f: number };

export interface ProfileControlPort {
  /**
   * The profile the batch just charged on this roaster follows; undefined when it follows none,
   * and the PLC's own set-point controller keeps the burner.
   */
  profileFor(roaster: string): Promise<ControlledProfile | undefined>;
  /** How the roaster's burner can be driven; null: it cannot, and the roast is not followed. */
  burnerMode(roaster: string): BurnerMode | null;
  write(roaster: string, output: ControlOutput, value: number): void;
  /** An operator drives the roaster by hand: the controller leaves the burner to them. */
  manual(roaster: string): boolean;
  /** Raises an alarm of a lasting condition, once until it is cleared. */
  alarm(roaster: string, source: string, text: string): void;
  /** The condition behind an alarm ended. */
  clear(source: string): void;
}

/**
 * The roast alarms' limits. BT may stray from the reference by `bandF` for `bandS` before an
 * alarm: a charge's lot differs from the reference's and the PID takes a minute to bring it
 * back. ET above `etHighF` is a fire risk in a drum roaster (chaff ignites in the air stream
 * around 550 °F): the burner goes off at once, the safe action, until ET is `etResetF` lower.
 */
export const ROAST_ALARM_LIMITS = {
  bandF: 5,
  bandS: 30,
  /**
   * From the turning point the PID has this long before the band counts: a lot turns earlier or
   * later than the reference's, and the reference may still be falling while BT climbs.
   */
  graceS: 60,
  etHighF: 550,
  etResetF: 20,
  /**
   * After first crack, the rate of rise should ease steadily to the drop. A crash: it falls by
   * `crashFPerMin` within `rorSpanS` (the beans stall and bake). A flick: it climbs
   * `flickFPerMin` above its lowest since the crack (the beans scorch late).
   */
  rorSpanS: 30,
  crashFPerMin: 5,
  flickFPerMin: 2,
} as const;

interface Readings {
  phase?: number | null;
  bt?: number | null;
  et?: number | null;
  crack?: number | null;
  /** The roaster's own roast clock, whole seconds since its first beans came in. */
  roastTime?: number | null;
}

interface Roast {
  /** The roast clock when the charge gate closed: the profile's t = 0, as the record's. */
  chargeS: number;
  profile: ControlledProfile | undefined;
  mode: BurnerMode;
  /** The profile is still being looked up: nothing is written until it is known. */
  loading: boolean;
  follower: FollowerState;
  lastS: number;
  burner: number | null;
  airflow: number | null;
  dropRequested: boolean;
  /** When the PID took over at the turning point; null before it. */
  turnedS: number | null;
  /** Since when BT has been off the reference by more than the band; null while within it. */
  offSince: number | null;
  offRaised: boolean;
  etHigh: boolean;
  /** The lowest rate of rise since first crack; null before it. */
  lowestRor: number | null;
  crashRaised: boolean;
  flickRaised: boolean;
}

const READINGS: Partial<Record<CommandRole, keyof Readings>> = {
  'roaster-phase': 'phase',
  'bean-temperature': 'bt',
  'environment-temperature': 'et',
  'first-crack': 'crack',
  'roast-time': 'roastTime',
};

const tenths = (n: number) => Math.round(n * 10) / 10;

/**
 * Runs each roaster's batch on its roast profile, as a roaster's profile controller does: from
 * the charge (the gate closed) to the end condition it writes the burner power the profile
 * follower asks for once a second of the roaster's own roast clock, with Burner Control on
 * Console; at the end condition it asks for the drop ('Drop Request'), which the batch's workflow
 * waits for. When the roast is dropped the burner goes back to the PLC's set-point controller,
 * which holds the drum hot for the next batch. A batch without a profile, and a roaster in manual
 * mode, are left to the PLC and the operator.
 */
export class ProfileController {
  readonly #port: ProfileControlPort;
  readonly #readings = new Map<string, Readings>();
  readonly #roasts = new Map<string, Roast>();
  readonly #onError: (err: unknown, roaster: string) => void;

  constructor(port: ProfileControlPort, onError: (err: unknown, roaster: string) => void) {
    this.#port = port;
    this.#onError = onError;
  }

  /** A scanned value of some device; only roasters' phases and readings matter. */
  onValue(roaster: string, role: CommandRole | null, value: number | null): void {
    const reading = role ? READINGS[role] : undefined;
    if (!reading) return;
    const readings = this.#readings.get(roaster) ?? {};
    const before = readings.phase;
    readings[reading] = value;
    this.#readings.set(roaster, readings);
    if (reading === 'phase' && value !== before) this.#phase(roaster, before ?? null, value);
  }

  /** One control step for every roast under way whose roast clock has moved on. */
  step(): void {
    for (const roaster of this.#roasts.keys()) this.#step(roaster);
  }

  /** The roaster's roast clock at the charge of the roast it follows: the profile's t = 0. */
  chargeOf(roaster: string): number | null {
    return this.#roasts.get(roaster)?.chargeS ?? null;
  }

  /** The roasters whose burner the controller drives now. */
  get following(): string[] {
    return [...this.#roasts].filter(([, r]) => r.profile && !r.loading).map(([code]) => code);
  }

  #phase(roaster: string, before: number | null, phase: number | null): void {
    if (phase === RoasterPhase.Roasting && before === RoasterPhase.Charging) {
      this.#charge(roaster);
      return;
    }
    const roast = this.#roasts.get(roaster);
    if (!roast || phase === RoasterPhase.Roasting) return;
    // Dropped, or the roast ended some other way: the PLC holds the drum hot again.
    this.#roasts.delete(roaster);
    if (roast.profile) {
      if (roast.mode === 'power') {
        this.#port.write(roaster, 'burner-control', BurnerControl.SetPoint);
      } else {
        this.#port.write(roaster, 'burner-set-point', roast.profile.charge_temperature_f);
      }
      this.#port.write(roaster, 'drop-request', 0);
    }
    if (roast.offRaised) this.#port.clear(bandSource(roaster));
    if (roast.etHigh) this.#port.clear(etSource(roaster));
    if (roast.crashRaised) this.#port.clear(rorSource(roaster, 'crash'));
    if (roast.flickRaised) this.#port.clear(rorSource(roaster, 'flick'));
  }

  #charge(roaster: string): void {
    const roast: Roast = {
      chargeS: this.#readings.get(roaster)?.roastTime ?? 0,
      profile: undefined,
      mode: 'power',
      loading: true,
      follower: chargedFollower,
      lastS: -1,
      burner: null,
      airflow: null,
      dropRequested: false,
      turnedS: null,
      offSince: null,
      offRaised: false,
      etHigh: false,
      lowestRor: null,
      crashRaised: false,
      flickRaised: false,
    };
    this.#roasts.set(roaster, roast);
    this.#port.profileFor(roaster).then(
      (profile) => {
        if (this.#roasts.get(roaster) !== roast) return;
        const mode = this.#port.burnerMode(roaster);
        roast.loading = false;
        if (!profile || !mode) {
          this.#roasts.delete(roaster);
          return;
        }
        roast.profile = profile;
        roast.mode = mode;
        this.#port.write(roaster, 'drop-request', 0);
        if (mode === 'power') this.#port.write(roaster, 'burner-control', BurnerControl.Console);
        this.#step(roaster);
      },
      (err: unknown) => {
        if (this.#roasts.get(roaster) === roast) this.#roasts.delete(roaster);
        this.#onError(err, roaster);
      },
    );
  }

  #step(roaster: string): void {
    const roast = this.#roasts.get(roaster);
    const r = this.#readings.get(roaster);
    if (!roast?.profile || roast.loading || roast.dropRequested || !r) return;
    if (r.bt == null || r.et == null || r.roastTime == null) return;
    const t_s = r.roastTime - roast.chargeS;
    if (t_s <= roast.lastS || this.#port.manual(roaster)) return;
    const out = followProfile(roast.profile, roast.follower, {
      t_s,
      bt_f: r.bt,
      et_f: r.et,
      crack_heard: r.crack === 1,
    });
    roast.follower = out.state;
    roast.lastS = t_s;
    this.#watchBand(roaster, roast, t_s, r.bt, out.setpoint_f);
    this.#watchRor(roaster, roast, out.events);
    // The safe action wins over the profile: no burner while ET is too high. On a PLC with its
    // own controller, a set-point of 0 has it fire nothing.
    const tooHot = this.#watchEt(roaster, roast, r.et);
    const burner = roast.mode === 'power' ? out.burner_pct : setPointOf(roast.profile, out);
    const output = tooHot ? 0 : tenths(burner);
    const written = roast.mode === 'power' ? 'burner-power' : 'burner-set-point';
    if (output !== roast.burner) this.#port.write(roaster, written, output);
    if (out.airflow_pct !== roast.airflow) this.#port.write(roaster, 'airflow', out.airflow_pct);
    roast.burner = output;
    roast.airflow = out.airflow_pct;
    if (out.drop) {
      roast.dropRequested = true;
      this.#port.write(roaster, 'drop-request', 1);
    }
  }

  /** An alarm once BT has been off the reference by more than the band for long enough. */
  #watchBand(roaster: string, roast: Roast, t_s: number, bt: number, reference: number | null) {
    const { bandF, bandS, graceS } = ROAST_ALARM_LIMITS;
    if (reference !== null) roast.turnedS ??= t_s;
    const counts = roast.turnedS !== null && t_s - roast.turnedS >= graceS;
    if (reference === null || !counts || Math.abs(bt - reference) <= bandF) {
      roast.offSince = null;
      if (roast.offRaised) this.#port.clear(bandSource(roaster));
      roast.offRaised = false;
      return;
    }
    roast.offSince ??= t_s;
    if (roast.offRaised || t_s - roast.offSince < bandS) return;
    roast.offRaised = true;
    const side = bt > reference ? 'above' : 'below';
    this.#port.alarm(
      roaster,
      bandSource(roaster),
      `${roaster}: bean temperature ${tenths(bt)} °F is ${tenths(Math.abs(bt - reference))} °F ${side} the profile's reference (${tenths(reference)} °F) for ${bandS} s, at ${clock(t_s)} of the roast.`,
    );
  }

  /** An alarm, once a roast, for a rate of rise that crashes or flicks after first crack. */
  #watchRor(roaster: string, roast: Roast, events: RoastEvents): void {
    const samples = roast.follower.samples;
    const latest = samples.at(-1);
    if (!events.first_crack || !latest || (roast.crashRaised && roast.flickRaised)) return;
    const { rorSpanS, crashFPerMin, flickFPerMin } = ROAST_ALARM_LIMITS;
    const rates = rateOfRise(samples);
    const now = rates.at(-1);
    if (now == null) return;
    const at = (i: number) => samples[i]?.t_s ?? -Infinity;
    let back = samples.length - 1;
    while (back > 0 && at(back) > latest.t_s - rorSpanS) back -= 1;
    const before = at(back) <= latest.t_s - rorSpanS ? rates[back] : null;
    if (!roast.crashRaised && before != null && before - now > crashFPerMin) {
      roast.crashRaised = true;
      this.#port.alarm(
        roaster,
        rorSource(roaster, 'crash'),
        `${roaster}: the rate of rise crashed after first crack, from ${tenths(before)} to ${tenths(now)} °F/min in ${rorSpanS} s, at ${clock(latest.t_s)} of the roast.`,
      );
    }
    const lowest = roast.lowestRor;
    if (!roast.flickRaised && lowest !== null && now - lowest > flickFPerMin) {
      roast.flickRaised = true;
      this.#port.alarm(
        roaster,
        rorSource(roaster, 'flick'),
        `${roaster}: the rate of rise flicked up after first crack, from ${tenths(lowest)} to ${tenths(now)} °F/min, at ${clock(latest.t_s)} of the roast.`,
      );
    }
    roast.lowestRor = lowest === null ? now : Math.min(lowest, now);
  }

  /** Whether ET is over its high limit: the alarm is raised as it goes over. */
  #watchEt(roaster: string, roast: Roast, et: number): boolean {
    const { etHighF, etResetF } = ROAST_ALARM_LIMITS;
    if (!roast.etHigh && et >= etHighF) {
      roast.etHigh = true;
      this.#port.alarm(
        roaster,
        etSource(roaster),
        `${roaster}: environment temperature ${tenths(et)} °F is over its ${etHighF} °F limit; the burner is off until it falls below ${etHighF - etResetF} °F.`,
      );
    } else if (roast.etHigh && et < etHighF - etResetF) {
      roast.etHigh = false;
      this.#port.clear(etSource(roaster));
    }
    return roast.etHigh;
  }
}

/**
 * The set-point curve a PLC's own controller follows: the reference from the turning point on;
 * before it, the charge temperature, so that the PLC fires hard while the beans take the heat
 * (the reference there is the probe falling, not a temperature to hold).
 */
function setPointOf(profile: ControlledProfile, out: { setpoint_f: number | null }): number {
  return out.setpoint_f ?? profile.charge_temperature_f;
}

const bandSource = (roaster: string) => `roast-band:${roaster}`;
const etSource = (roaster: string) => `roast-et-high:${roaster}`;
const rorSource = (roaster: string, kind: 'crash' | 'flick') => `roast-ror-${kind}:${roaster}`;
const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
