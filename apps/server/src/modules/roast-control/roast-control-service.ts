import type { FastifyBaseLogger } from 'fastify';
import type { RoastControlState, RoastSample } from '@roastery/contract';
import type { WorkflowEngine } from '@roastery/engine';
import { notFound } from '../../lib/http-errors.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { DeviceRecords } from '../devices/device-records.ts';
import { roastLimitsOf } from '../devices/roast-limits.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { OrderRunService } from '../order-runs/order-run-service.ts';
import type { RoastProfileService } from '../roast-profiles/roast-profile-service.ts';
import type { RoastRecordService } from '../roast-records/roast-records-service.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import {
  ProfileController,
  type BatchRunState,
  type BurnerMode,
  type ControlOutput,
  type ControlledProfile,
  type ResumedRoast,
} from './profile-controller.ts';
import type { Wording } from './roast-texts.ts';

/** Who the events log names for the controller's writes. */
export const ROAST_CONTROLLER = 'roast profile controller';

/** How often the timer looks for a roast clock that moved on without a value event. */
const TICK_MS = 250;

/** Writes of a control loop's output, each second: the log keeps only those that fail. */
const ROUTINE: ReadonlySet<ControlOutput> = new Set([
  'burner-power',
  'burner-set-point',
  'airflow',
]);

export interface RoastControlDeps {
  hub: EventHub;
  runtime: Pick<PlantRuntime, 'catalog' | 'write' | 'reading'>;
  orderRuns: Pick<OrderRunService, 'profileRoastingOn'>;
  /** Whether the batch's workflow run drives it: only a running one drops the roast. */
  engine: Pick<WorkflowEngine, 'activeRuns'>;
  /** The plant's temperature unit, which alarm texts are worded in when they are raised. */
  settings: Pick<SettingsService, 'temperatureUnit'>;
  roastProfiles: Pick<RoastProfileService, 'version' | 'namesOf'>;
  notifications: Pick<NotificationService, 'raise' | 'clear'>;
  /**
   * Names the roaster an alarm is about, so that it shows on the roaster's screens, and holds
   * its roast alarm limits.
   */
  deviceRecords: { records: Pick<DeviceRecords, 'require'> };
  /** What a roast under way at a restart is taken up from: the historian's readings of it. */
  roastRecords: Pick<RoastRecordService, 'elapsed'>;
  logger: FastifyBaseLogger;
}

/**
 * Runs the roasting batches' profiles on the roasters (`ProfileController`) from the values this
 * instance scans: a control step follows each burst of values (one scan), so the burner answers
 * the reading within the scan, and a timer covers a roast clock that moves on alone.
 */
export class RoastControlService {
  readonly controller: ProfileController;
  readonly #d: RoastControlDeps;
  /** The profile each roaster's batch follows, as its live screen is told. */
  readonly #followed = new Map<string, NonNullable<RoastControlState['profile']>>();
  /** The workflow run of the batch each roaster roasts, by the run's id. */
  readonly #runs = new Map<string, string>();
  #timer: NodeJS.Timeout | undefined;
  #stepping: NodeJS.Immediate | undefined;

  constructor(deps: RoastControlDeps) {
    this.#d = deps;
    this.controller = new ProfileController(
      {
        profileFor: (roaster) => this.#profileFor(roaster),
        limitsFor: async (roaster) =>
          roastLimitsOf(await deps.deviceRecords.records.require(roaster)),
        resume: (roaster) => this.#resume(roaster),
        write: (roaster, output, value) => this.#write(roaster, output, value),
        burnerMode: (roaster) => this.#burnerMode(roaster),
        hasQuench: (roaster) => this.#d.runtime.catalog()?.refOf(roaster, 'quench') !== undefined,
        manual: (roaster) => deps.runtime.reading(roaster, 'manual-mode-active') === 1,
        batchRun: (roaster) => this.#batchRun(roaster),
        alarm: (roaster, source, text) => this.#raise(roaster, { type: 'alarm', text, source }),
        notice: (roaster, text) => this.#raise(roaster, { type: 'other', text }),
        clear: (source) => {
          deps.notifications
            .clear(source)
            .catch((err: unknown) => deps.logger.error({ err, source }, 'roast alarm not cleared'));
        },
      },
      (err, roaster) => deps.logger.error({ err, roaster }, 'roast profile not followed'),
    );
    // Only the instance that drives the plant scans it, and so controls its roasters.
    deps.hub.subscribe(
      'value',
      (e) => {
        this.controller.onValue(e.device_id, e.role, e.value);
        this.#stepping ??= setImmediate(() => {
          this.#stepping = undefined;
          this.controller.step();
        });
      },
      { from: 'this-instance' },
    );
  }

  start(): void {
    this.#timer ??= setInterval(() => this.controller.step(), TICK_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#stepping) clearImmediate(this.#stepping);
    this.#stepping = undefined;
  }

  /** The profile the roaster's batch follows now; a 404 for a device that is no roaster. */
  state(roaster: string): RoastControlState {
    if (!this.#d.runtime.catalog()?.refOf(roaster, 'roaster-phase')) {
      throw notFound(`Roaster ${roaster} not found.`);
    }
    const profile = this.controller.following.includes(roaster)
      ? this.#followed.get(roaster)
      : undefined;
    const chargeS = this.controller.chargeOf(roaster);
    return profile && chargeS !== null
      ? { roaster, profile, charge_roast_time_s: chargeS }
      : { roaster, profile: null, charge_roast_time_s: null };
  }

  /** From the roaster's address map: burner power if it takes it, else a set-point curve. */
  #burnerMode(roaster: string): BurnerMode | null {
    const has = (role: ControlOutput) => this.#d.runtime.catalog()?.refOf(roaster, role);
    if (has('burner-power') && has('burner-control')) return 'power';
    return has('burner-set-point') ? 'set-point' : null;
  }

  async #profileFor(roaster: string): Promise<ControlledProfile | undefined> {
    this.#followed.delete(roaster);
    this.#runs.delete(roaster);
    const running = await this.#d.orderRuns.profileRoastingOn(roaster);
    if (!running) return undefined;
    const { id, version, runId } = running;
    this.#runs.set(roaster, runId);
    const [{ settings }, names] = await Promise.all([
      this.#d.roastProfiles.version(id, version),
      this.#d.roastProfiles.namesOf([id]),
    ]);
    const { reference, end, dry_end_f } = settings;
    const name = names.get(id) ?? `Profile ${id}`;
    this.#followed.set(roaster, { id, name, version, reference, end, dry_end_f });
    return settings;
  }

  #batchRun(roaster: string): BatchRunState {
    const runId = this.#runs.get(roaster);
    const run = this.#d.engine.activeRuns().find((r) => r.id === runId);
    return run?.state === 'running' || run?.state === 'paused' || run?.state === 'interrupted'
      ? run.state
      : null;
  }

  /** A roast under way seen at a start: its charge and the readings kept since. */
  async #resume(roaster: string): Promise<ResumedRoast | undefined> {
    const elapsed = await this.#d.roastRecords.elapsed(roaster);
    if (!elapsed) return undefined;
    const samples = elapsed.samples.map(
      ([t_s, bt_f, et_f, , burner, airflow, crack]): RoastSample => ({
        t_s,
        bt_f,
        et_f,
        crack_heard: crack === 1,
        ...(burner === null ? {} : { burner_pct: burner }),
        ...(airflow === null ? {} : { airflow_pct: airflow }),
      }),
    );
    return { chargeS: elapsed.chargeS, samples };
  }

  /** An alarm or notice about a roaster, named so that it shows on the roaster's screens. */
  #raise(roaster: string, notice: { type: 'alarm' | 'other'; text: Wording; source?: string }) {
    const { deviceRecords, notifications, settings, logger } = this.#d;
    const { text, ...rest } = notice;
    Promise.all([deviceRecords.records.require(roaster), settings.temperatureUnit()])
      .then(([device, unit]) =>
        notifications.raise({
          ...rest,
          text: text(unit),
          by: ROAST_CONTROLLER,
          deviceRef: device.id,
        }),
      )
      .catch((err: unknown) => logger.error({ err, roaster }, 'roast notice not raised'));
  }

  #write(roaster: string, output: ControlOutput, value: number): void {
    const ref = this.#d.runtime.catalog()?.refOf(roaster, output);
    if (!ref) return;
    const routine = ROUTINE.has(output);
    const context = 'following the roast profile';
    this.#d.runtime
      .write(ref, value, ROAST_CONTROLLER, context, routine)
      ?.catch((err: unknown) =>
        this.#d.logger.error({ err, roaster, output }, 'roast write failed'),
      );
  }
}
