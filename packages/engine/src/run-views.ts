import type {
  CommandRef,
  RunningWorkflowState,
  WorkflowRun,
  WorkflowStep,
} from '@roastery/contract';
import { currentLive, type EngineContext } from './engine-context.ts';
import type { RunWait } from './engine-types.ts';
import { isActive, isTerminal } from './run-state-machine.ts';
import { stepValue } from './status-rows.ts';
import { commandName, waitText } from './step-labels.ts';
import { feedbackShows, waitHolds } from './wait-conditions.ts';
import { stepRef, waitRef, workflowDevices } from './workflow-steps.ts';

/** The spec's running workflow state for the run screen (idle when no run is current). */
export async function runStatus(
  ctx: EngineContext,
  workflowId: number,
): Promise<RunningWorkflowState | undefined> {
  const live = currentLive(ctx, workflowId);
  if (live) return runningState(ctx, live.run);
  const workflow = await ctx.workflows.workflow(workflowId);
  if (!workflow) return undefined;
  return {
    running: false,
    id: workflow.id,
    type: workflow.type,
    timeline: [],
    devices: deviceList(ctx, workflow.steps),
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
export function currentRun(ctx: EngineContext, workflowId: number): WorkflowRun | undefined {
  const live = currentLive(ctx, workflowId);
  return live && structuredClone(live.run);
}

/**
 * True when no active run has work of its own in hand: each waits on the plant (a condition,
 * a write's answer or feedback) or on a person (paused, or interrupted until resumed).
 */
export function waitingOnPlant(ctx: EngineContext): boolean {
  return [...ctx.runs.values()].every(
    (live) => !isActive(live.run.state) || live.run.state === 'interrupted' || live.onPlant,
  );
}

export function activeRuns(ctx: EngineContext): WorkflowRun[] {
  return [...ctx.runs.values()]
    .filter((live) => isActive(live.run.state))
    .map((live) => structuredClone(live.run));
}

/**
 * What every active run is waiting on now: the conditions of its current step that do not
 * hold yet (a held one is no longer waited on, even before the run moves on), and since when.
 */
export function listWaits(ctx: EngineContext): RunWait[] {
  const waits: RunWait[] = [];
  for (const { run, wait } of ctx.runs.values()) {
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
      const value = stepValue(run, step);
      const ref = ctx.devices.feedbackOf(stepRef(step));
      if (feedbackShows(ctx.devices, stepRef(step), value)) continue;
      waits.push({
        ...base,
        kind: 'wait_finish',
        ref,
        condition: '=',
        value,
        current: goodValue(ctx, ref),
        text: `${commandName(ctx.devices, ref)} = ${value}`,
      });
      continue;
    }
    for (const condition of step.wait_device) {
      if (waitHolds(ctx.devices, condition)) continue;
      const ref = waitRef(condition);
      waits.push({
        ...base,
        kind: 'wait_device',
        ref,
        condition: condition.condition,
        value: condition.command_value,
        current: goodValue(ctx, ref),
        text: waitText(ctx.devices, condition),
      });
    }
  }
  return waits;
}

function runningState(ctx: EngineContext, run: WorkflowRun): RunningWorkflowState {
  return {
    running: isActive(run.state),
    id: run.workflow_id,
    type: run.workflow_type,
    timeline: run.timeline.map((entry) => ({ ...entry })),
    devices: deviceList(ctx, run.steps),
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
            device_name: ctx.devices.device(device_id)?.device_name ?? device_id,
          }))
        : [],
  };
}

function deviceList(
  ctx: EngineContext,
  steps: readonly WorkflowStep[],
): RunningWorkflowState['devices'] {
  return workflowDevices(steps).map((device_id) => ({
    device_id,
    device_name: ctx.devices.device(device_id)?.device_name ?? device_id,
  }));
}

/** A reading only when it is live: a stale or offline value says nothing about now. */
function goodValue(ctx: EngineContext, ref: CommandRef): number | null {
  const reading = ctx.devices.read(ref);
  return reading?.quality === 'good' ? reading.value : null;
}
