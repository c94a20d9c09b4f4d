import type {
  DynamicValueForm,
  PlantEventType,
  RunningWorkflowState,
  WorkflowDefinition,
  WorkflowProblem,
  WorkflowRun,
} from '@roastery/contract';
import { createEngineContext, type EngineContext } from './engine-context.ts';
import type {
  ResetResult,
  RunResult,
  RunWait,
  StartRequest,
  StartResult,
  WorkflowEngineOptions,
} from './engine-types.ts';
import {
  clearAndReset,
  clearRun,
  closeEngine,
  openEngine,
  resumeRun,
  stopRun,
} from './run-lifecycle.ts';
import { activeRuns, currentRun, listWaits, runStatus, waitingOnPlant } from './run-views.ts';
import { startForPlantEvent, startRun } from './start-run.ts';
import { dynamicValueForm, validateWorkflow } from './validation.ts';

export type {
  Refusal,
  ResetResult,
  ResetWrite,
  RunResult,
  RunWait,
  StartRequest,
  StartResult,
  WorkflowEngineOptions,
} from './engine-types.ts';
export {
  MANUAL_MODE_REFUSAL,
  MANUAL_MODE_RESUME_REFUSAL,
  UNKNOWN_MODE_REFUSAL,
  UNKNOWN_MODE_RESUME_REFUSAL,
} from './manual-mode.ts';

/**
 * Runs workflows: each run an explicit state machine stored after every transition, its steps
 * executed as write -> wait_finish -> wait_device conditions, its waits reacting to PLC changes.
 *
 * Each call is handed to the module of its concern: run-lifecycle.ts and start-run.ts (start,
 * stop, resume, clear, open, close), step-execution.ts (driving a run's steps), plant-waits.ts
 * and manual-mode.ts (waits, plant changes, modes), run-persistence.ts and run-endings.ts
 * (commits, timeline, endings), run-views.ts (what the screens read). The methods return the
 * modules' promises as they are: a wrapping async method would resolve a few microtasks later,
 * and when a caller hears back is part of the behaviour.
 */
export class WorkflowEngine {
  readonly #ctx: EngineContext;

  constructor(options: WorkflowEngineOptions) {
    this.#ctx = createEngineContext(options);
  }

  /**
   * Loads every run not cleared and starts listening to the plant. A run found running or
   * paused was cut off by a restart: it becomes interrupted, with an alarm, keeps its devices
   * locked and waits for a person to resume or stop it.
   */
  open(): Promise<void> {
    return openEngine(this.#ctx);
  }

  /**
   * Stops listening and abandons every wait without touching run states: the runs stay stored
   * as they are and the next open() finds them interrupted.
   */
  close(): Promise<void> {
    return closeEngine(this.#ctx);
  }

  /** Static validation of a definition, on save and before start. */
  validate(workflow: Pick<WorkflowDefinition, 'steps'>): WorkflowProblem[] {
    return validateWorkflow(this.#ctx.devices, workflow);
  }

  /** The spec's "check before start": the dynamic values to ask for. */
  async checkStart(workflowId: number): Promise<DynamicValueForm | undefined> {
    const workflow = await this.#ctx.workflows.workflow(workflowId);
    return workflow && dynamicValueForm(this.#ctx.devices, workflow);
  }

  start(workflowId: number, request: StartRequest): Promise<StartResult> {
    return startRun(this.#ctx, workflowId, request);
  }

  /** Stop: the run ends at once; see the README for what that leaves on the plant. */
  stop(workflowId: number, who: string): Promise<RunResult> {
    return stopRun(this.#ctx, workflowId, who);
  }

  /** Continues an interrupted run from its current step, without repeating a confirmed write. */
  resume(workflowId: number, who: string): Promise<RunResult> {
    return resumeRun(this.#ctx, workflowId, who);
  }

  /** Clear: forgets an ended run; the run screen goes back to idle. */
  clear(workflowId: number): Promise<RunResult> {
    return clearRun(this.#ctx, workflowId);
  }

  /**
   * Clear & Reset: writes 0 to every app command the run wrote, then clears it. A command of a
   * device now in manual mode, or driven by another run, is skipped: both belong to someone else.
   */
  clearAndReset(workflowId: number, who: string): Promise<ResetResult> {
    return clearAndReset(this.#ctx, workflowId, who);
  }

  /** The spec's running workflow state for the run screen (idle when no run is current). */
  status(workflowId: number): Promise<RunningWorkflowState | undefined> {
    return runStatus(this.#ctx, workflowId);
  }

  /** The latest run of a workflow not yet cleared, as stored. */
  currentRun(workflowId: number): WorkflowRun | undefined {
    return currentRun(this.#ctx, workflowId);
  }

  /**
   * True when no active run has work of its own in hand: each waits on the plant (a condition,
   * a write's answer or feedback) or on a person. A caller that moves a simulated plant's time
   * on only then sees every run react to one plant moment before the next.
   */
  waitingOnPlant(): boolean {
    return waitingOnPlant(this.#ctx);
  }

  activeRuns(): WorkflowRun[] {
    return activeRuns(this.#ctx);
  }

  /**
   * What every active run is waiting on now: the conditions of its current step that do not
   * hold yet (a held one is no longer waited on, even before the run moves on), and since when.
   */
  waiting(): RunWait[] {
    return listWaits(this.#ctx);
  }

  /** Resolves once the run's drive loop has returned (and its triggers have been started). */
  async settled(runId: string): Promise<void> {
    await this.#ctx.runs.get(runId)?.driving;
  }

  /** Starts every workflow bound to a plant event (order started, dump acknowledged, ...). */
  handlePlantEvent(
    event: PlantEventType,
    who: string,
  ): Promise<{ workflow_id: number; result: StartResult }[]> {
    return startForPlantEvent(this.#ctx, event, who);
  }
}
