import {
  BurnerControl,
  DEFAULT_ROAST_LIMITS,
  RoasterPhase,
  type RoastLimits,
  type RoastSample,
} from '@roastery/contract';
import {
  chargedFollower,
  followProfile,
  type FollowedProfile,
  type FollowerState,
} from '@roastery/engine';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';
import { clock, degrees, endText, tenths, type Wording } from './roast-texts.ts';
import {
  clearWatch,
  newWatch,
  watchBand,
  watchEt,
  watchRor,
  type RoastAlarmPort,
  type RoastWatch,
} from './roast-watch.ts';

/** What the controller writes to a roaster. */
export type ControlOutput =
  | 'burner-power'
  | 'burner-control'
  | 'burner-set-point'
  | 'airflow'
  | 'drop-request'
  | 'drop-door'
  | 'quench';

/**
 * Where the workflow run of the batch roasting on a roaster stands: only a running one drops the
 * roast when the drop is asked for; null when no run of it is active.
 */
export type BatchRunState = 'running' | 'paused' | 'interrupted' | null;

/**
 * How the controller drives a roaster's burner. 'power': the console's PID sets the burner
 * ('Burner Control' Console, 'Burner Power'). 'set-point': the PLC's own controller does, and the
 * console writes it the reference as a set-point curve ('Burner Set-point'), for a PLC that takes
 * no burner power from outside.
 */
export type BurnerMode = 'power' | 'set-point';

/** A profile version as the controller runs it. */
export type ControlledProfile = FollowedProfile & { charge_temperature_f: number };

/** A roast under way that the console did not see charge (it was restarted meanwhile). */
export interface ResumedRoast {
  /** The roast clock at the charge: the profile's t = 0. */
  chargeS: number;
  /** What the roaster read each second from the charge, as far as it was kept. */
  samples: readonly RoastSample[];
}

export interface ProfileControlPort extends RoastAlarmPort {
  /**
   * The profile the batch roasting on this roaster follows; undefined when it follows none,
   * and the PLC's own set-point controller keeps the burner.
   */
  profileFor(roaster: string): Promise<ControlledProfile | undefined>;
  /** The roaster's roast alarm limits; the defaults where the port has none. */
  limitsFor?(roaster: string): Promise<RoastLimits>;
  /** The elapsed part of a roast seen under way; undefined when nothing of it was kept. */
  resume?(roaster: string): Promise<ResumedRoast | undefined>;
  /** How the roaster's burner can be driven; null: it cannot, and the roast is not followed. */
  burnerMode(roaster: string): BurnerMode | null;
  /** Whether the roaster has a quench: a 'quench' safe action sprays it, else drops. */
  hasQuench?(roaster: string): boolean;
  write(roaster: string, output: ControlOutput, value: number): void;
  /** An operator drives the roaster by hand: the controller leaves the burner to them. */
  manual(roaster: string): boolean;
  /** Where the workflow run of the batch roasting on the roaster stands now. */
  batchRun(roaster: string): BatchRunState;
  /** Tells the plant's people something worth knowing, once (the events log keeps it). */
  notice?(roaster: string, text: Wording): void;
}

interface Readings {
  phase?: number | null;
  bt?: number | null;
  et?: number | null;
  crack?: number | null;
  /** The roaster's own roast clock, whole seconds since its first beans came in. */
  roastTime?: number | null;
  burner?: number | null;
  control?: number | null;
  /** The roaster's 'Drop Requested' feedback. */
  requested?: number | null;
}

interface Roast extends RoastWatch {
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
  /** The controller opened the drop door itself: no run drove the batch when it was asked for. */
  droppedAlone: boolean;
  quenched: boolean;
}

const READINGS: Partial<Record<CommandRole, keyof Readings>> = {
  'roaster-phase': 'phase',
  'bean-temperature': 'bt',
  'environment-temperature': 'et',
  'first-crack': 'crack',
  'roast-time': 'roastTime',
  'burner-output': 'burner',
  'burner-control': 'control',
  'drop-requested': 'requested',
};

const resumeSource = (roaster: string) => `roast-resume:${roaster}`;
const droppedSource = (roaster: string) => `roast-dropped-alone:${roaster}`;

/**
 * Runs each roaster's batch on its roast profile, as a roaster's profile controller does: from
 * the charge (the gate closed) to the end condition it writes the burner power the profile
 * follower asks for once a second of the roaster's own roast clock, with Burner Control on
 * Console; at the end condition it asks for the drop ('Drop Request'), which the batch's workflow
 * waits for, and drops the roast itself when no run of that workflow drives the batch then
 * (interrupted by a restart, paused). When the roast is dropped the burner goes back to the PLC's
 * set-point controller, which holds the drum hot for the next batch. A batch without a profile,
 * and a roaster in manual mode, are left to the PLC and the operator. A roast seen under way without having been seen
 * to charge (the console restarted) is taken up where its roast clock is, or, when its batch or
 * its charge cannot be found, handed back to the PLC with an alarm.
 */
export class ProfileController {
  readonly #port: ProfileControlPort;
  readonly #readings = new Map<string, Readings>();
  readonly #roasts = new Map<string, Roast>();
  /** Roasters handed back to the PLC at a restart, with an alarm until their roast ends. */
  readonly #handedBack = new Set<string>();
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
    const roast = this.#roasts.get(roaster);
    return roast && !roast.loading ? roast.chargeS : null;
  }

  /** The roasters whose burner the controller drives now. */
  get following(): string[] {
    return [...this.#roasts].filter(([, r]) => r.profile && !r.loading).map(([code]) => code);
  }

  #phase(roaster: string, before: number | null, phase: number | null): void {
    if (phase === RoasterPhase.Roasting) {
      if (before === RoasterPhase.Charging) this.#charge(roaster);
      else if (!this.#roasts.has(roaster)) this.#resume(roaster);
      return;
    }
    if (this.#handedBack.delete(roaster)) this.#port.clear(resumeSource(roaster));
    if (
      phase !== null &&
      phase !== RoasterPhase.Dropping &&
      this.#readings.get(roaster)?.requested === 1
    ) {
      // Still asked for once the drop door has closed: a drop the console made alone, whose
      // request it kept for the batch's run. The run, which closes the door, has seen it.
      this.#port.write(roaster, 'drop-request', 0);
      this.#port.clear(droppedSource(roaster));
    }
    const roast = this.#roasts.get(roaster);
    if (!roast) return;
    // Dropped, or the roast ended some other way: the PLC holds the drum hot again.
    this.#roasts.delete(roaster);
    if (roast.profile) {
      if (roast.mode === 'power') {
        this.#port.write(roaster, 'burner-control', BurnerControl.SetPoint);
      } else {
        this.#port.write(roaster, 'burner-set-point', roast.profile.charge_temperature_f);
      }
      // A drop the console made alone keeps its request until the batch's run has seen it.
      if (!roast.droppedAlone) this.#port.write(roaster, 'drop-request', 0);
      if (roast.quenched) this.#port.write(roaster, 'quench', 0);
    }
    clearWatch(this.#port, roaster, roast);
  }

  /** The roast's profile, limits and (when resumed) elapsed part, looked up together. */
  #lookUp(roaster: string, resumed: boolean) {
    const port = this.#port;
    return Promise.all([
      port.profileFor(roaster),
      port.limitsFor ? port.limitsFor(roaster) : Promise.resolve(DEFAULT_ROAST_LIMITS),
      resumed && port.resume ? port.resume(roaster) : Promise.resolve(undefined),
    ]);
  }

  #charge(roaster: string): void {
    const roast = newRoast(this.#readings.get(roaster)?.roastTime ?? 0);
    this.#roasts.set(roaster, roast);
    this.#lookUp(roaster, false).then(
      ([profile, limits]) => {
        if (this.#roasts.get(roaster) !== roast) return;
        const mode = this.#port.burnerMode(roaster);
        roast.loading = false;
        if (!profile || !mode) {
          this.#roasts.delete(roaster);
          return;
        }
        Object.assign(roast, { profile, mode, limits });
        this.#port.write(roaster, 'drop-request', 0);
        if (mode === 'power') this.#port.write(roaster, 'burner-control', BurnerControl.Console);
        this.#step(roaster);
      },
      (err: unknown) => this.#failed(roaster, roast, err),
    );
  }

  /**
   * Takes up a roast it did not see charge: from the roaster's roast clock, with the readings
   * kept of its elapsed part, so that the events already passed stay passed; the PID starts
   * again from the burner the PLC holds, without a bump.
   */
  #resume(roaster: string): void {
    const roast = newRoast(0);
    this.#roasts.set(roaster, roast);
    this.#lookUp(roaster, true).then(
      ([profile, limits, elapsed]) => {
        if (this.#roasts.get(roaster) !== roast) return;
        const mode = this.#port.burnerMode(roaster);
        roast.loading = false;
        if (!profile || !mode || !elapsed) {
          this.#roasts.delete(roaster);
          if (mode === 'power') this.#handBack(roaster, profile ? 'its charge' : 'its batch');
          return;
        }
        const r = this.#readings.get(roaster) ?? {};
        const samples = [...elapsed.samples];
        const last = samples.at(-1);
        // The burner the PLC holds now is where the PID takes over from.
        if (last && r.burner != null)
          samples[samples.length - 1] = { ...last, burner_pct: r.burner };
        Object.assign(roast, {
          profile,
          mode,
          limits,
          chargeS: elapsed.chargeS,
          follower: { samples, pid: null },
          lastS: last?.t_s ?? -1,
        });
        if (mode === 'power') this.#port.write(roaster, 'burner-control', BurnerControl.Console);
        const at =
          r.roastTime == null ? '' : `, at ${clock(r.roastTime - elapsed.chargeS)} of the roast`;
        this.#port.notice?.(
          roaster,
          () =>
            `${roaster}: roast control resumed after a restart of the console${at}; the roast follows its profile again.`,
        );
        this.#step(roaster);
      },
      (err: unknown) => this.#failed(roaster, roast, err),
    );
  }

  /**
   * A roast under way that cannot be followed: the burner goes back to the PLC unless it is known
   * to have it, never left to a console that no longer drives it; an alarm if the console did.
   */
  #handBack(roaster: string, missing: string): void {
    const control = this.#readings.get(roaster)?.control;
    if (control === BurnerControl.SetPoint) return;
    this.#port.write(roaster, 'burner-control', BurnerControl.SetPoint);
    this.#port.write(roaster, 'drop-request', 0);
    if (control !== BurnerControl.Console) return;
    this.#handedBack.add(roaster);
    this.#port.alarm(
      roaster,
      resumeSource(roaster),
      () =>
        `${roaster}: roast control could not resume after a restart of the console (${missing} was not found); the burner is handed back to the PLC.`,
    );
  }

  #failed(roaster: string, roast: Roast, err: unknown): void {
    if (this.#roasts.get(roaster) === roast) this.#roasts.delete(roaster);
    this.#onError(err, roaster);
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
    watchBand(this.#port, roaster, roast, { t_s, bt: r.bt, reference: out.setpoint_f });
    watchRor(this.#port, roaster, roast, roast.follower.samples, out.events);
    // The safe action wins over the profile: no burner while ET is too high. On a PLC with its
    // own controller, a set-point of 0 has it fire nothing.
    const quench = this.#quenches(roaster, roast);
    const et = watchEt(this.#port, roaster, roast, r.et, safeActionText(roaster, roast, quench));
    const burner = roast.mode === 'power' ? out.burner_pct : setPointOf(roast.profile, out);
    const output = et.over ? 0 : tenths(burner);
    const written = roast.mode === 'power' ? 'burner-power' : 'burner-set-point';
    if (output !== roast.burner) this.#port.write(roaster, written, output);
    if (out.airflow_pct !== roast.airflow) this.#port.write(roaster, 'airflow', out.airflow_pct);
    roast.burner = output;
    roast.airflow = out.airflow_pct;
    if (et.raised && quench) {
      roast.quenched = true;
      this.#port.write(roaster, 'quench', 1);
    }
    if (out.drop) {
      const { end } = roast.profile;
      this.#drop(roaster, roast, (unit) => `its end condition (${endText(end, unit)})`);
    } else if (et.raised && roast.limits.et_safe_action !== 'burner-off') {
      const limit = roast.limits.et_high_limit_f;
      this.#drop(
        roaster,
        roast,
        (unit) => `its environment temperature limit (${degrees(limit, unit)})`,
      );
    }
  }

  /**
   * Asks for the drop, at the end condition or as the ET safe action: the batch's run drops the
   * roast on 'Drop Requested'. A run that does not run now (interrupted by a restart, paused)
   * would leave the beans to roast on past their end, so the controller opens the drop door
   * itself, with an alarm, and leaves 'Drop Request' set for the run's wait. The run, resumed,
   * then writes 'Drop Door' 1 to a door already open: a coil set to the value it holds, which
   * neither the simulator nor a PLC acts on again (the door moves on a change of the coil, and
   * the drum is empty), and goes on closing it and emptying the cooling tray as usual.
   */
  #drop(roaster: string, roast: Roast, reached: Wording): void {
    roast.dropRequested = true;
    this.#port.write(roaster, 'drop-request', 1);
    const run = this.#port.batchRun(roaster);
    if (run === 'running') return;
    roast.droppedAlone = true;
    this.#port.write(roaster, 'drop-door', 1);
    this.#port.alarm(
      roaster,
      droppedSource(roaster),
      (unit) => `${roaster}: the roast reached ${reached(unit)} ${whileRun(run)}`,
    );
  }

  #quenches(roaster: string, roast: Roast): boolean {
    return roast.limits.et_safe_action === 'quench' && this.#port.hasQuench?.(roaster) === true;
  }
}

function newRoast(chargeS: number): Roast {
  return {
    ...newWatch(DEFAULT_ROAST_LIMITS),
    chargeS,
    profile: undefined,
    mode: 'power',
    loading: true,
    follower: chargedFollower,
    lastS: -1,
    burner: null,
    airflow: null,
    dropRequested: false,
    droppedAlone: false,
    quenched: false,
  };
}

/** How the alarm of a drop the console made alone says where the batch's run stood. */
function whileRun(run: Exclude<BatchRunState, 'running'>): string {
  switch (run) {
    case 'interrupted':
      return 'while its workflow run was interrupted; the console dropped it. Resume the run to finish the batch.';
    case 'paused':
      return 'while its workflow run was paused; the console dropped it. The run finishes the batch once its devices are back in automatic.';
    case null:
      return 'while no workflow run drove its batch; the console dropped it.';
  }
}

/** What the ET alarm says the safe action did besides turning the burner off. */
function safeActionText(roaster: string, roast: Roast, quench: boolean): string {
  switch (roast.limits.et_safe_action) {
    case 'burner-off':
      return '';
    case 'drop':
      return ', and the drop is asked for';
    case 'quench':
      return quench
        ? ', the quench is on and the drop is asked for'
        : `, and the drop is asked for (${roaster} has no quench)`;
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
