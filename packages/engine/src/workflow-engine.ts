import { randomUUID } from 'node:crypto';
import {
  orderNumber,
  type CommandRef,
  type DynamicValueForm,
  type WaitConditionOperator,
  type PlantEventType,
  type RunOrigin,
  type RunOwner,
  type RunState,
  type RunningWorkflowState,
  type WorkflowDefinition,
  type WorkflowProblem,
  type WorkflowRun,
  type WorkflowStep,
} from '@roastery/contract';
import { Conditions } from './conditions.ts';
import { DeviceLocks } from './device-locks.ts';
import type {
  Clock,
  DevicePort,
  EngineNotice,
  EventSink,
  Notifier,
  RunStore,
  WorkflowSource,
  WriteLog,
  WriteOutcome,
} from './ports.ts';
import { addTimeline, createRun, isActive, isTerminal, transition } from './run-state-machine.ts';
import { commandName, formatDuration, stepName, waitText } from './step-labels.ts';
import { dynamicValueForm, validateDynamicValues, validateWorkflow } from './validation.ts';
import { feedbackShows, waitHolds } from './wait-conditions.ts';
import { drivenDevices, sameRef, stepRef, waitRef, workflowDevices } from './workflow-steps.ts';

export const MANUAL_MODE_REFUSAL =
  'This workflow cannot be started. Some of the devices are in manual mode.';
export const MANUAL_MODE_RESUME_REFUSAL =
  'This workflow cannot be resumed. Some of the devices are in manual mode.';
export const UNKNOWN_MODE_REFUSAL =
  'This workflow cannot be started. The PLC does not report the mode of some of the devices (is it connected?).';
export const UNKNOWN_MODE_RESUME_REFUSAL =
  'This workflow cannot be resumed. The PLC does not report the mode of some of the devices (is it connected?).';

export interface WorkflowEngineOptions {
  devices: DevicePort;
  store: RunStore;
  workflows: WorkflowSource;
  clock: Clock;
  events: EventSink;
  notifier: Notifier;
  /** Run ids; random UUIDs by default. */
  newRunId?: () => string;
  /** Told of every step's PLC write and its outcome. */
  writes?: WriteLog;
}

/** Why a call was refused; the server maps `reason` to a status (404, 409, 422). */
export interface Refusal {
  ok: false;
  reason:
    | 'not_found'
    | 'invalid'
    | 'busy'
    | 'manual'
    | 'unknown_mode'
    | 'locked'
    | 'not_active'
    | 'not_ended';
  message: string;
  problems?: WorkflowProblem[];
  /** The devices behind a 'manual', 'unknown_mode' or 'locked' refusal. */
  devices?: string[];
}

/**
 * One condition an active run is waiting on: the feedback of its current step's write
 * (wait_finish) or one of its wait_device conditions that does not hold yet.
 */
export interface RunWait {
  run_id: string;
  workflow_id: number;
  workflow_name: string;
  /** Index of the step in the run's steps. */
  step_index: number;
  kind: 'wait_finish' | 'wait_device';
  /** The command whose reading must satisfy the condition. */
  ref: CommandRef;
  condition: WaitConditionOperator;
  value: number;
  /** Its reading now; null when the PLC does not report it. */
  current: number | null;
  /** 'R1 Charge Gate Opened = 1'. */
  text: string;
  /** When the run began this wait. */
  since: string;
}

export type StartResult = { ok: true; run: WorkflowRun } | Refusal;
export type RunResult = { ok: true; run: WorkflowRun } | Refusal;

export interface ResetWrite {
  ref: CommandRef;
  result: WriteOutcome['result'] | 'skipped';
  error?: string;
}
export type ResetResult = { ok: true; run: WorkflowRun; writes: ResetWrite[] } | Refusal;

export interface StartRequest {
  who: string;
  /** Values of dynamic steps by step id. */
  dynamic?: Record<string, number>;
  origin?: RunOrigin;
  /** The request the run is started for, which settles it when it ends. */
  owner?: RunOwner;
  /**
   * The run's own steps in place of the workflow's (a roasting batch charges from the silos its
   * plan chose). They are validated, checked for modes and locked exactly as the workflow's
   * would be, and the run keeps them; the workflow itself is not changed.
   */
  steps?: WorkflowStep[];
  /**
   * The run's id, for a caller that must record it before the run can end (a batch settled
   * when its run ends); a new one when omitted.
   */
  runId?: string;
}

/** A run the engine holds in memory, with what only lives while the process does. */
interface LiveRun {
  run: WorkflowRun;
  /** Saves are chained so they reach the store in transition order. */
  saving: Promise<void>;
  driving: Promise<void>;
  cancelPauseTimer: (() => void) | undefined;
  /** The wait the run is in, and since when; only while it waits on the plant. */
  wait: { kind: RunWait['kind']; since: string } | undefined;
  /** Waiting for something only the plant or a person at it ends: a condition or a write. */
  onPlant: boolean;
}

/**
 * Runs workflows: each run an explicit state machine stored after every transition, its steps
 * executed as write -> wait_finish -> wait_device conditions, its waits reacting to PLC changes.
 */
export class WorkflowEngine {
  readonly #devices: DevicePort;
  readonly #store: RunStore;
  readonly #workflows: WorkflowSource;
  readonly #clock: Clock;
  readonly #events: EventSink;
  readonly #notifier: Notifier;
  readonly #newRunId: () => string;
  readonly #writes: WriteLog | undefined;
  readonly #conditions: Conditions;
  readonly #locks = new DeviceLocks();
  readonly #runs = new Map<string, LiveRun>();
  /** The run each workflow's run screen shows: the latest one not cleared. */
  readonly #current = new Map<number, string>();
  #unsubscribe: (() => void) | undefined;
  #closed = false;

  constructor(options: WorkflowEngineOptions) {
    this.#devices = options.devices;
    this.#store = options.store;
    this.#workflows = options.workflows;
    this.#clock = options.clock;
    this.#events = options.events;
    this.#notifier = options.notifier;
    this.#newRunId = options.newRunId ?? randomUUID;
    this.#writes = options.writes;
    this.#conditions = new Conditions(this.#clock);
  }

  /**
   * Loads every run not cleared and starts listening to the plant. A run found running or
   * paused was cut off by a restart: it becomes interrupted, with an alarm, keeps its devices
   * locked and waits for a person to resume or stop it.
   */
  async open(): Promise<void> {
    // Opened again after a close (an instance given the lead back): the store is the truth, as
    // another instance may have driven, ended or cleared runs in between.
    this.#closed = false;
    this.#conditions.open();
    this.#runs.clear();
    this.#current.clear();
    this.#locks.releaseAll();
    const runs = await this.#store.listUncleared();
    runs.sort((a, b) => a.started_at.localeCompare(b.started_at));
    for (const run of runs) {
      const live = this.#track(run);
      if (run.state === 'running' || run.state === 'paused') {
        this.#cancelPause(live);
        this.#transition(live, 'interrupted');
        const step = run.steps[run.current_step];
        const where = step ? ` at ${stepName(this.#devices, step, run.current_step)}` : '';
        this.#timeline(
          live,
          `Interrupted: the server restarted while the run was active${where}. Resume it or stop it.`,
        );
        this.#notify({
          type: 'alarm',
          device_id: null,
          text: `Workflow '${run.workflow_name}' was interrupted by a server restart${where}. Resume it or stop it.`,
        });
        await this.#commit(live);
      }
      if (isActive(run.state)) this.#lock(run);
    }
    this.#unsubscribe = this.#devices.subscribe((ref, value) => this.#onPlantChange(ref, value));
  }

  /**
   * Stops listening and abandons every wait without touching run states: the runs stay stored
   * as they are and the next open() finds them interrupted.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#unsubscribe?.();
    for (const live of this.#runs.values()) this.#cancelPause(live);
    this.#conditions.close();
    await Promise.all([...this.#runs.values()].map((live) => live.driving));
  }

  /** Static validation of a definition, on save and before start. */
  validate(workflow: Pick<WorkflowDefinition, 'steps'>): WorkflowProblem[] {
    return validateWorkflow(this.#devices, workflow);
  }

  /** The spec's "check before start": the dynamic values to ask for. */
  async checkStart(workflowId: number): Promise<DynamicValueForm | undefined> {
    const workflow = await this.#workflows.workflow(workflowId);
    return workflow && dynamicValueForm(this.#devices, workflow);
  }

  async start(workflowId: number, request: StartRequest): Promise<StartResult> {
    const saved = await this.#workflows.workflow(workflowId);
    if (!saved) {
      return { ok: false, reason: 'not_found', message: `Workflow ${workflowId} does not exist.` };
    }
    const workflow = request.steps ? { ...saved, steps: request.steps } : saved;
    const dynamic = request.dynamic ?? {};
    const problems = [
      ...validateWorkflow(this.#devices, workflow),
      ...validateDynamicValues(this.#devices, workflow, dynamic),
    ];
    if (problems.length > 0) {
      const message = problems.map((p) => p.message).join('\n');
      return { ok: false, reason: 'invalid', message, problems };
    }
    const previous = this.#currentLive(workflowId);
    if (previous && isActive(previous.run.state)) {
      return {
        ok: false,
        reason: 'busy',
        message: `Workflow '${workflow.name}' already has a run under way (run ${previous.run.id}, ${previous.run.state}).`,
      };
    }
    const modeRefusal = this.#modeRefusal(workflowDevices(workflow.steps), 'start');
    if (modeRefusal) return modeRefusal;
    const runId = request.runId ?? this.#newRunId();
    if (this.#runs.has(runId)) {
      return { ok: false, reason: 'invalid', message: `Run ${runId} already exists.` };
    }
    const conflict = this.#locks.conflict(drivenDevices(workflow.steps), runId);
    if (conflict) {
      const { device_id, holder } = conflict;
      return {
        ok: false,
        reason: 'locked',
        message: `${this.#deviceLabel(device_id)} is already driven by run ${holder.run_id} of workflow '${holder.workflow_name}'.`,
        devices: [device_id],
      };
    }
    const run = createRun({
      id: runId,
      workflow,
      dynamic_values: dynamic,
      who: request.who,
      origin: request.origin ?? { kind: 'person' },
      owner: request.owner ?? null,
      at: this.#at(),
    });
    const live = this.#track(run);
    this.#lock(run);
    run.status = run.steps.map((step) => ({
      device_name: this.#devices.device(step.device_id)?.device_name ?? step.device_id,
      type: step.type,
      command_id: step.command_id,
      response_from_app: null,
      response_from_plc: this.#feedbackValue(stepRef(step)),
    }));
    // Starting again forgets the previous ended run, as Clear would (without resetting).
    if (previous) await this.#clear(previous);
    this.#transition(live, 'running');
    this.#timeline(live, `Workflow started ${this.#originText(run)}.`);
    await this.#commit(live);
    live.driving = this.#drive(live);
    return { ok: true, run: structuredClone(run) };
  }

  /** Stop: the run ends at once; see the README for what that leaves on the plant. */
  async stop(workflowId: number, who: string): Promise<RunResult> {
    const live = this.#currentLive(workflowId);
    if (!live || !isActive(live.run.state)) return this.#notActive(workflowId);
    const { run } = live;
    const step = run.steps[run.current_step];
    const where = step ? ` at ${stepName(this.#devices, step, run.current_step)}` : '';
    this.#end(live, 'stopped', `Stopped by ${who}${where}.`);
    await this.#commit(live);
    return { ok: true, run: structuredClone(run) };
  }

  /** Continues an interrupted run from its current step, without repeating a confirmed write. */
  async resume(workflowId: number, who: string): Promise<RunResult> {
    const live = this.#currentLive(workflowId);
    if (!live || live.run.state !== 'interrupted') {
      return {
        ok: false,
        reason: 'not_active',
        message: `Workflow ${workflowId} has no interrupted run to resume.`,
      };
    }
    const { run } = live;
    const modeRefusal = this.#modeRefusal(this.#remainingDevices(run), 'resume');
    if (modeRefusal) return modeRefusal;
    this.#transition(live, 'running');
    const step = run.steps[run.current_step];
    const from = step ? ` from ${stepName(this.#devices, step, run.current_step)}` : '';
    this.#timeline(live, `Resumed by ${who}${from}.`);
    await this.#commit(live);
    live.driving = this.#drive(live);
    return { ok: true, run: structuredClone(run) };
  }

  /** Clear: forgets an ended run; the run screen goes back to idle. */
  async clear(workflowId: number): Promise<RunResult> {
    const live = this.#currentLive(workflowId);
    if (!live || !isTerminal(live.run.state)) return this.#notEnded(workflowId);
    await this.#clear(live);
    return { ok: true, run: structuredClone(live.run) };
  }

  /**
   * Clear & Reset: writes 0 to every app command the run wrote, then clears it. A command of a
   * device now in manual mode, or driven by another run, is skipped: both belong to someone else.
   */
  async clearAndReset(workflowId: number, who: string): Promise<ResetResult> {
    const live = this.#currentLive(workflowId);
    if (!live || !isTerminal(live.run.state)) return this.#notEnded(workflowId);
    const writes: ResetWrite[] = [];
    for (const ref of live.run.touched) {
      const holder = this.#locks.holderOf(ref.device_id);
      const mode = this.#devices.mode(ref.device_id);
      if (mode === 'manual') {
        writes.push({ ref, result: 'skipped', error: `${ref.device_id} is in manual mode` });
      } else if (mode === 'unknown') {
        writes.push({ ref, result: 'skipped', error: `the mode of ${ref.device_id} is unknown` });
      } else if (holder) {
        writes.push({ ref, result: 'skipped', error: `driven by run ${holder.run_id}` });
      } else {
        const outcome = await this.#devices.write(ref, 0, who);
        writes.push({ ref, ...outcome });
      }
    }
    const done = writes.filter((w) => w.result !== 'failed' && w.result !== 'skipped');
    this.#timeline(
      live,
      `Clear & Reset by ${who}: wrote 0 to ${done.length} of ${writes.length} commands.`,
    );
    await this.#clear(live);
    return { ok: true, run: structuredClone(live.run), writes };
  }

  /** The spec's running workflow state for the run screen (idle when no run is current). */
  async status(workflowId: number): Promise<RunningWorkflowState | undefined> {
    const live = this.#currentLive(workflowId);
    if (live) return this.#runningState(live.run);
    const workflow = await this.#workflows.workflow(workflowId);
    if (!workflow) return undefined;
    return {
      running: false,
      id: workflow.id,
      type: workflow.type,
      timeline: [],
      devices: this.#deviceList(workflow.steps),
      status: [],
      run_id: null,
      origin: null,
      state: 'idle',
      current_step: null,
      error: null,
      paused_by: [],
    };
  }

  /** The latest run of a workflow not yet cleared, as stored. */
  currentRun(workflowId: number): WorkflowRun | undefined {
    const live = this.#currentLive(workflowId);
    return live && structuredClone(live.run);
  }

  /**
   * True when no active run has work of its own in hand: each waits on the plant (a condition,
   * a write's answer or feedback) or on a person. A caller that moves a simulated plant's time
   * on only then sees every run react to one plant moment before the next.
   */
  waitingOnPlant(): boolean {
    return [...this.#runs.values()].every((live) => !isActive(live.run.state) || live.onPlant);
  }

  activeRuns(): WorkflowRun[] {
    return [...this.#runs.values()]
      .filter((live) => isActive(live.run.state))
      .map((live) => structuredClone(live.run));
  }

  /**
   * What every active run is waiting on now: the conditions of its current step that do not
   * hold yet (a held one is no longer waited on, even before the run moves on), and since when.
   */
  waiting(): RunWait[] {
    const waits: RunWait[] = [];
    for (const { run, wait } of this.#runs.values()) {
      const step = run.steps[run.current_step];
      if (!wait || !step || !isActive(run.state)) continue;
      const base = {
        run_id: run.id,
        workflow_id: run.workflow_id,
        workflow_name: run.workflow_name,
        step_index: run.current_step,
        since: wait.since,
      };
      if (wait.kind === 'wait_finish') {
        const value = this.#stepValue(run, step);
        const ref = this.#devices.feedbackOf(stepRef(step));
        if (feedbackShows(this.#devices, stepRef(step), value)) continue;
        waits.push({
          ...base,
          kind: 'wait_finish',
          ref,
          condition: '=',
          value,
          current: this.#goodValue(ref),
          text: `${commandName(this.#devices, ref)} = ${value}`,
        });
        continue;
      }
      for (const condition of step.wait_device) {
        if (waitHolds(this.#devices, condition)) continue;
        const ref = waitRef(condition);
        waits.push({
          ...base,
          kind: 'wait_device',
          ref,
          condition: condition.condition,
          value: condition.command_value,
          current: this.#goodValue(ref),
          text: waitText(this.#devices, condition),
        });
      }
    }
    return waits;
  }

  /** Resolves once the run's drive loop has returned (and its triggers have been started). */
  async settled(runId: string): Promise<void> {
    await this.#runs.get(runId)?.driving;
  }

  /** Starts every workflow bound to a plant event (order started, dump acknowledged, ...). */
  async handlePlantEvent(
    event: PlantEventType,
    who: string,
  ): Promise<{ workflow_id: number; result: StartResult }[]> {
    const triggers = (await this.#workflows.triggers()).filter((t) => t.when === event);
    const results: { workflow_id: number; result: StartResult }[] = [];
    for (const trigger of triggers) {
      const result = await this.start(trigger.workflow, { who, origin: { kind: 'event', event } });
      if (!result.ok) this.#triggerRefused(trigger.workflow, `plant event ${event}`, result);
      results.push({ workflow_id: trigger.workflow, result });
    }
    return results;
  }

  async #drive(live: LiveRun): Promise<void> {
    const { run } = live;
    try {
      while (run.current_step < run.steps.length) {
        const completed = await this.#runStep(live, run.current_step);
        if (!completed) return;
        run.phases[run.current_step] = 'done';
        run.current_step += 1;
        await this.#commit(live);
      }
      if (!this.#stillDriving(run)) return;
      this.#end(live, 'finished', 'Workflow finished.');
      await this.#commit(live);
      await this.#startChildren(run);
    } catch (error) {
      // Only the store can throw here (a write never rejects): without it nothing may go on.
      const reason = error instanceof Error ? error.message : String(error);
      if (this.#stillDriving(run)) {
        this.#end(live, 'failed', `Failed: the run state could not be stored (${reason}).`);
        this.#notify({
          type: 'alarm',
          device_id: null,
          text: `Workflow '${run.workflow_name}' failed: its state could not be stored (${reason}).`,
        });
        await this.#commit(live).catch(() => undefined);
      }
    }
  }

  /** One step: write, then wait_finish, then the wait_device conditions. False: stop driving. */
  async #runStep(live: LiveRun, index: number): Promise<boolean> {
    const { run } = live;
    const step = run.steps[index];
    if (!step) return false;
    const name = stepName(this.#devices, step, index);
    const ref = stepRef(step);
    const value = this.#stepValue(run, step);
    const timeoutMs = (step.timeout_s ?? run.settings.wait_timeout_s) * 1000;

    if (run.phases[index] === 'writing' && feedbackShows(this.#devices, ref, value)) {
      // Cut off between sending and hearing back, and the PLC shows the value: it arrived.
      this.#confirm(run, index, ref);
      this.#timeline(live, `${name}: the PLC already shows ${value}; not written again.`);
      await this.#commit(live);
    }
    if (run.phases[index] === 'pending' || run.phases[index] === 'writing') {
      // Never write while a device is in manual mode: wait for the pause to end (or fail).
      const auto = await this.#onPlant(
        live,
        this.#conditions.condition(run.id, () => run.state !== 'paused'),
      );
      if (!auto || !this.#stillDriving(run)) return false;
      run.phases[index] = 'writing';
      // Touched before sending: a write cut off by a crash may still have reached the PLC.
      if (!run.touched.some((t) => sameRef(t, ref))) run.touched.push(ref);
      await this.#commit(live);
      const outcome = await this.#onPlant(
        live,
        this.#devices.write(ref, value, run.who, this.#writeContext(run, index)),
      );
      this.#recordWrite(run, index, ref, value);
      this.#writes?.written({ run, index, step: name, ref, value, outcome });
      if (!this.#stillDriving(run)) return false;
      if (outcome.result === 'failed') {
        run.phases[index] = 'pending';
        return this.#fail(live, `${name}: the write of ${value} failed: ${outcome.error ?? ''}`);
      }
      if (outcome.result === 'ok') this.#confirm(run, index, ref);
      else run.phases[index] = 'written';
      const note = outcome.result === 'ok' ? ' (confirmed by the PLC)' : '';
      this.#timeline(live, `${name}: wrote ${value}${note}.`, step.device_id, true);
      await this.#commit(live);
    }
    if (step.wait_finish && run.phases[index] === 'written') {
      const feedback = commandName(this.#devices, this.#devices.feedbackOf(ref));
      this.#timeline(live, `${name}: waiting for ${feedback} to show ${value}.`, step.device_id);
      live.wait = { kind: 'wait_finish', since: this.#at() };
      const held = await this.#onPlant(
        live,
        this.#conditions.condition(
          run.id,
          () => feedbackShows(this.#devices, ref, value),
          timeoutMs,
        ),
      );
      live.wait = undefined;
      if (!this.#stillDriving(run)) return false;
      if (!held) {
        const last = this.#feedbackValue(ref);
        return this.#fail(
          live,
          `${name}: timed out after ${formatDuration(timeoutMs)} waiting for ${feedback} to show ${value} (last value ${last ?? 'unknown'}).`,
          step.device_id,
        );
      }
      this.#confirm(run, index, ref);
      this.#timeline(live, `${name}: ${feedback} shows ${value}.`, step.device_id);
      await this.#commit(live);
    }
    return this.#awaitWaitDevices(live, step, index, timeoutMs);
  }

  async #awaitWaitDevices(
    live: LiveRun,
    step: WorkflowStep,
    index: number,
    timeoutMs: number,
  ): Promise<boolean> {
    const { run } = live;
    if (step.wait_device.length === 0) return true;
    const name = stepName(this.#devices, step, index);
    const what = step.wait_device.map((wait) => waitText(this.#devices, wait)).join(' and ');
    this.#timeline(live, `${name}: waiting until ${what}.`, step.device_id);
    live.wait = { kind: 'wait_device', since: this.#at() };
    const held = await this.#onPlant(
      live,
      this.#conditions.condition(
        run.id,
        () => step.wait_device.every((wait) => waitHolds(this.#devices, wait)),
        timeoutMs,
      ),
    );
    live.wait = undefined;
    if (!this.#stillDriving(run)) return false;
    if (!held) {
      const open = step.wait_device
        .filter((wait) => !waitHolds(this.#devices, wait))
        .map((wait) => {
          const reading = this.#devices.read(waitRef(wait));
          const last = reading?.quality === 'good' ? reading.value : (reading?.quality ?? null);
          return `${waitText(this.#devices, wait)} (last value ${last ?? 'unknown'})`;
        })
        .join(', ');
      const first = step.wait_device.find((wait) => !waitHolds(this.#devices, wait));
      return this.#fail(
        live,
        `${name}: timed out after ${formatDuration(timeoutMs)} waiting for ${open}.`,
        first?.device_id ?? step.device_id,
      );
    }
    this.#timeline(live, `${name}: ${what} holds.`, step.device_id);
    return true;
  }

  /** Awaits what only the plant or a person at it ends, the run marked as waiting on it. */
  async #onPlant<T>(live: LiveRun, waited: Promise<T>): Promise<T> {
    live.onPlant = true;
    try {
      return await waited;
    } finally {
      live.onPlant = false;
    }
  }

  /**
   * Every scanned change: re-check the waits, the modes and the status rows. A row follows the
   * PLC until its step is confirmed or done, then keeps what the PLC showed: a later step that
   * writes the same command (a gate opened, then closed) must not rewrite an earlier answer.
   */
  #onPlantChange(ref: CommandRef, value: number | null): void {
    for (const live of this.#runs.values()) {
      const { run } = live;
      if (run.state !== 'running' && run.state !== 'paused') continue;
      this.#checkManual(live);
      run.steps.forEach((step, index) => {
        if (run.phases[index] === 'confirmed' || run.phases[index] === 'done') return;
        if (!sameRef(this.#devices.feedbackOf(stepRef(step)), ref)) return;
        const row = run.status[index];
        if (!row || row.response_from_plc === value) return;
        row.response_from_plc = value;
        this.#emitStatus(run, index);
      });
    }
    this.#conditions.recheck();
  }

  /**
   * A device switched to manual mode pauses the run: nothing more is written until every
   * device is back in auto, and the run fails if that takes longer than manual_timeout_s.
   */
  #checkManual(live: LiveRun): void {
    const { run } = live;
    const manual = this.#manualDevices(run);
    if (run.state === 'running' && manual.length > 0) {
      run.paused_by = manual;
      this.#transition(live, 'paused');
      const names = manual.map((d) => this.#deviceLabel(d)).join(', ');
      this.#timeline(live, `Paused: ${names} switched to manual mode.`, manual[0] ?? null);
      this.#notify({
        type: 'alarm',
        device_id: manual[0] ?? null,
        text: `Workflow '${run.workflow_name}' paused: ${names} switched to manual mode.`,
      });
      const timeoutMs = run.settings.manual_timeout_s * 1000;
      live.cancelPauseTimer = this.#clock.setTimer(timeoutMs, () => {
        live.cancelPauseTimer = undefined;
        if (run.state !== 'paused') return;
        const still = run.paused_by.map((d) => this.#deviceLabel(d)).join(', ');
        this.#fail(
          live,
          `Failed: ${still} stayed in manual mode for ${formatDuration(timeoutMs)}.`,
          run.paused_by[0] ?? null,
        );
      });
      void this.#commit(live).catch((error: unknown) => this.#storeFailed(run, error));
    } else if (run.state === 'paused' && manual.length === 0) {
      this.#cancelPause(live);
      run.paused_by = [];
      this.#transition(live, 'running');
      this.#timeline(live, 'Resumed: every device is back in auto mode.');
      void this.#commit(live).catch((error: unknown) => this.#storeFailed(run, error));
    } else if (run.state === 'paused') {
      run.paused_by = manual;
    }
  }

  /** Devices of the run's remaining steps (written or waited on). */
  #remainingDevices(run: WorkflowRun): string[] {
    return workflowDevices(run.steps.slice(run.current_step));
  }

  /** Those of them now in manual mode. */
  #manualDevices(run: WorkflowRun): string[] {
    return this.#remainingDevices(run).filter((d) => this.#devices.mode(d) === 'manual');
  }

  /**
   * A run starts (or resumes) only on devices known to be in auto: one in manual mode belongs
   * to a person, and one whose mode the PLC does not report might.
   */
  #modeRefusal(devices: string[], action: 'start' | 'resume'): Refusal | undefined {
    const unknown = devices.filter((d) => this.#devices.mode(d) === 'unknown');
    if (unknown.length > 0) {
      const names = unknown.map((d) => this.#deviceLabel(d)).join(', ');
      const message = action === 'start' ? UNKNOWN_MODE_REFUSAL : UNKNOWN_MODE_RESUME_REFUSAL;
      return {
        ok: false,
        reason: 'unknown_mode',
        message: `${message} Unknown: ${names}.`,
        devices: unknown,
      };
    }
    const manual = devices.filter((d) => this.#devices.mode(d) === 'manual');
    if (manual.length === 0) return undefined;
    const message = action === 'start' ? MANUAL_MODE_REFUSAL : MANUAL_MODE_RESUME_REFUSAL;
    return { ok: false, reason: 'manual', message, devices: manual };
  }

  #fail(live: LiveRun, message: string, deviceId: string | null = null): false {
    this.#end(live, 'failed', message, deviceId);
    this.#notify({
      type: 'alarm',
      device_id: deviceId,
      text: `Workflow '${live.run.workflow_name}' failed. ${message}`,
    });
    void this.#commit(live).catch((error: unknown) => this.#storeFailed(live.run, error));
    return false;
  }

  /** Ends the run: nothing of it runs any more and its devices are free. */
  #end(live: LiveRun, state: RunState, message: string, deviceId: string | null = null): void {
    const error = state === 'failed' ? message : null;
    this.#cancelPause(live);
    this.#transition(live, state, error);
    this.#timeline(live, message, deviceId);
    this.#locks.release(live.run.id);
    this.#conditions.cancel(live.run.id);
  }

  async #clear(live: LiveRun): Promise<void> {
    live.run.cleared_at = this.#at();
    await this.#commit(live);
    this.#runs.delete(live.run.id);
    if (this.#current.get(live.run.workflow_id) === live.run.id) {
      this.#current.delete(live.run.workflow_id);
    }
    this.#events.emit({
      type: 'cleared',
      run_id: live.run.id,
      workflow_id: live.run.workflow_id,
    });
  }

  async #startChildren(parent: WorkflowRun): Promise<void> {
    const triggers = (await this.#workflows.triggers()).filter(
      (t) => t.when === 'parent_finished' && t.parent === parent.workflow_id,
    );
    for (const trigger of triggers) {
      const result = await this.start(trigger.workflow, {
        who: parent.who,
        origin: { kind: 'parent', parent_run_id: parent.id },
      });
      if (!result.ok) {
        this.#triggerRefused(trigger.workflow, `'${parent.workflow_name}' finishing`, result);
      }
    }
  }

  #triggerRefused(workflowId: number, cause: string, refusal: Refusal): void {
    this.#notify({
      type: 'warning',
      device_id: refusal.devices?.[0] ?? null,
      text: `Workflow ${workflowId} was not started by ${cause}: ${refusal.message}`,
    });
  }

  #recordWrite(run: WorkflowRun, index: number, ref: CommandRef, value: number): void {
    const row = run.status[index];
    if (!row) return;
    row.response_from_app = value;
    row.response_from_plc = this.#feedbackValue(ref);
    this.#emitStatus(run, index);
  }

  /** The PLC's feedback showed the step's value: its row keeps that reading from now on. */
  #confirm(run: WorkflowRun, index: number, ref: CommandRef): void {
    run.phases[index] = 'confirmed';
    const row = run.status[index];
    const shown = this.#feedbackValue(ref);
    if (!row || row.response_from_plc === shown) return;
    row.response_from_plc = shown;
    this.#emitStatus(run, index);
  }

  #emitStatus(run: WorkflowRun, index: number): void {
    const row = run.status[index];
    if (!row) return;
    this.#events.emit({
      type: 'status',
      run_id: run.id,
      workflow_id: run.workflow_id,
      index,
      row: { ...row },
    });
  }

  /** The value a step writes: its own, or the one asked for at start when it is dynamic. */
  #stepValue(run: WorkflowRun, step: WorkflowStep): number {
    return step.dynamic ? (run.dynamic_values[String(step.id)] ?? 0) : step.command_value;
  }

  /** A reading only when it is live: a stale or offline value says nothing about now. */
  #goodValue(ref: CommandRef): number | null {
    const reading = this.#devices.read(ref);
    return reading?.quality === 'good' ? reading.value : null;
  }

  #feedbackValue(ref: CommandRef): number | null {
    return this.#devices.read(this.#devices.feedbackOf(ref))?.value ?? null;
  }

  #transition(live: LiveRun, to: RunState, error: string | null = null): void {
    transition(live.run, to, this.#at(), error);
    this.#events.emit({
      type: 'state',
      run_id: live.run.id,
      workflow_id: live.run.workflow_id,
      state: to,
      error: live.run.error,
    });
    // A state change can be what a wait is waiting for (the end of a pause).
    queueMicrotask(() => this.#conditions.recheck());
  }

  #timeline(
    live: LiveRun,
    message: string,
    deviceId: string | null = null,
    reportsWrite = false,
  ): void {
    const entry = addTimeline(live.run, message, this.#at(), deviceId);
    this.#events.emit({
      type: 'timeline',
      run_id: live.run.id,
      workflow_id: live.run.workflow_id,
      entry,
      ...(reportsWrite ? { reportsWrite } : {}),
    });
  }

  #commit(live: LiveRun): Promise<void> {
    const snapshot = structuredClone(live.run);
    // A failed save must not block the ones after it: each caller hears of its own failure.
    live.saving = live.saving.catch(() => undefined).then(() => this.#store.save(snapshot));
    return live.saving;
  }

  #storeFailed(run: WorkflowRun, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.#notify({
      type: 'alarm',
      device_id: null,
      text: `The state of workflow '${run.workflow_name}' could not be stored (${reason}).`,
    });
  }

  #track(run: WorkflowRun): LiveRun {
    const live: LiveRun = {
      run,
      saving: Promise.resolve(),
      driving: Promise.resolve(),
      cancelPauseTimer: undefined,
      wait: undefined,
      onPlant: false,
    };
    this.#runs.set(run.id, live);
    this.#current.set(run.workflow_id, run.id);
    return live;
  }

  #lock(run: WorkflowRun): void {
    this.#locks.acquire(drivenDevices(run.steps), {
      run_id: run.id,
      workflow_name: run.workflow_name,
    });
  }

  #cancelPause(live: LiveRun): void {
    live.cancelPauseTimer?.();
    live.cancelPauseTimer = undefined;
  }

  #currentLive(workflowId: number): LiveRun | undefined {
    const runId = this.#current.get(workflowId);
    return runId === undefined ? undefined : this.#runs.get(runId);
  }

  #stillDriving(run: WorkflowRun): boolean {
    return !this.#closed && (run.state === 'running' || run.state === 'paused');
  }

  #runningState(run: WorkflowRun): RunningWorkflowState {
    return {
      running: isActive(run.state),
      id: run.workflow_id,
      type: run.workflow_type,
      timeline: run.timeline.map((entry) => ({ ...entry })),
      devices: this.#deviceList(run.steps),
      status: run.status.map((row) => ({ ...row })),
      run_id: run.id,
      origin: structuredClone(run.origin),
      state: run.state,
      current_step: isTerminal(run.state) ? null : run.current_step,
      error: run.error,
      paused_by:
        run.state === 'paused'
          ? run.paused_by.map((device_id) => ({
              device_id,
              device_name: this.#devices.device(device_id)?.device_name ?? device_id,
            }))
          : [],
    };
  }

  #deviceList(steps: readonly WorkflowStep[]): RunningWorkflowState['devices'] {
    return workflowDevices(steps).map((device_id) => ({
      device_id,
      device_name: this.#devices.device(device_id)?.device_name ?? device_id,
    }));
  }

  #deviceLabel(deviceId: string): string {
    const name = this.#devices.device(deviceId)?.device_name;
    return name ? `${deviceId} (${name})` : deviceId;
  }

  #originText(run: WorkflowRun): string {
    switch (run.origin.kind) {
      case 'person':
        return `by ${run.who}`;
      case 'order': {
        const order = `order ${orderNumber(run.origin.order_id)}`;
        const batch = run.origin.batch === null ? '' : `, batch ${run.origin.batch}`;
        // A batch that follows the one before it is started by its order, not by a person.
        return run.who === order ? `for ${order}${batch}` : `by ${run.who} for ${order}${batch}`;
      }
      case 'parent':
        return `by its parent workflow finishing (run ${run.origin.parent_run_id})`;
      case 'event':
        return `by the plant event ${run.origin.event}`;
    }
  }

  /**
   * What the events log says a run's write was for, under the person who started the run. The
   * run id is cut to its first 8 characters, enough to tell runs apart in a list people read.
   */
  #writeContext(run: WorkflowRun, index: number): string {
    return `workflow '${run.workflow_name}', step ${index + 1}, run ${run.id.slice(0, 8)}`;
  }

  #notify(notice: EngineNotice): void {
    this.#notifier.notify(notice);
  }

  #at(): string {
    return new Date(this.#clock.now()).toISOString();
  }

  #notActive(workflowId: number): Refusal {
    return {
      ok: false,
      reason: 'not_active',
      message: `Workflow ${workflowId} has no run under way.`,
    };
  }

  #notEnded(workflowId: number): Refusal {
    return {
      ok: false,
      reason: 'not_ended',
      message: `Workflow ${workflowId} has no ended run to clear.`,
    };
  }
}
