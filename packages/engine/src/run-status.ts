import type { RunningWorkflowState, WorkflowRun, WorkflowStep } from '@roastery/contract';
import type { EngineContext } from './engine-context.ts';
import { isActive, isTerminal } from './run-state-machine.ts';
import { workflowDevices } from './workflow-steps.ts';

/** The spec's running workflow state for the run screen (idle when no run is current). */
export async function runStatus(
  ctx: EngineContext,
  workflowId: number,
): Promise<RunningWorkflowState | undefined> {
  const live = ctx.runs.currentOf(workflowId);
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
