import { orderNumber, type WorkflowRun } from '@roastery/contract';
import { timestamp, type EngineContext } from './engine-context.ts';
import { driveRun } from './drive-run.ts';
import type { StartRequest, StartResult } from './engine-types.ts';
import type { LiveRun } from './live-runs.ts';
import { modeRefusal } from './refusals.ts';
import { forgetRun } from './run-endings.ts';
import { changeState, recordTimeline } from './run-events.ts';
import { commit } from './run-persistence.ts';
import { createRun, isActive } from './run-state-machine.ts';
import { deviceLabel } from './step-labels.ts';
import { feedbackValue } from './step-readings.ts';
import { validateDynamicValues, validateWorkflow } from './validation.ts';
import { drivenDevices, stepRef, workflowDevices } from './workflow-steps.ts';

/**
 * Starts a run of the workflow once it passes every check (valid, not busy, devices in auto and
 * not driven by another run), and drives it from its first step.
 */
export async function startRun(
  ctx: EngineContext,
  workflowId: number,
  request: StartRequest,
): Promise<StartResult> {
  const saved = await ctx.workflows.workflow(workflowId);
  if (!saved) {
    return { ok: false, reason: 'not_found', message: `Workflow ${workflowId} does not exist.` };
  }
  const workflow = request.steps ? { ...saved, steps: request.steps } : saved;
  const dynamic = request.dynamic ?? {};
  const problems = [
    ...validateWorkflow(ctx.devices, workflow),
    ...validateDynamicValues(ctx.devices, workflow, dynamic),
  ];
  if (problems.length > 0) {
    const message = problems.map((p) => p.message).join('\n');
    return { ok: false, reason: 'invalid', message, problems };
  }
  const previous = ctx.runs.currentOf(workflowId);
  if (previous && isActive(previous.run.state)) {
    return {
      ok: false,
      reason: 'busy',
      message: `Workflow '${workflow.name}' already has a run under way (run ${previous.run.id}, ${previous.run.state}).`,
    };
  }
  const refusal = modeRefusal(ctx.devices, workflowDevices(workflow.steps), 'start');
  if (refusal) return refusal;
  const runId = request.runId ?? ctx.newRunId();
  if (ctx.runs.has(runId)) {
    return { ok: false, reason: 'invalid', message: `Run ${runId} already exists.` };
  }
  const conflict = ctx.locks.conflict(drivenDevices(workflow.steps), runId);
  if (conflict) {
    const { device_id, holder } = conflict;
    return {
      ok: false,
      reason: 'locked',
      message: `${deviceLabel(ctx.devices, device_id)} is already driven by run ${holder.run_id} of workflow '${holder.workflow_name}'.`,
      devices: [device_id],
    };
  }
  const run = createRun({
    id: runId,
    workflow,
    dynamic_values: dynamic,
    who: request.who,
    origin: request.origin ?? { kind: 'person' },
    at: timestamp(ctx),
  });
  const live = ctx.runs.track(run);
  lockDevices(ctx, run);
  run.status = run.steps.map((step) => ({
    device_name: ctx.devices.device(step.device_id)?.device_name ?? step.device_id,
    type: step.type,
    command_id: step.command_id,
    response_from_app: null,
    response_from_plc: feedbackValue(ctx.devices, stepRef(step)),
  }));
  // Starting again forgets the previous ended run, as Clear would (without resetting).
  if (previous) await forgetRun(ctx, previous);
  changeState(ctx, live, 'running');
  recordTimeline(ctx, live, `Workflow started ${originText(run)}.`);
  await commit(ctx, live);
  live.driving = drive(ctx, live);
  return { ok: true, run: structuredClone(run) };
}

/** Drives a started or resumed run; one that finishes starts its children as any start would. */
export function drive(ctx: EngineContext, live: LiveRun): Promise<void> {
  return driveRun(ctx, live, (workflowId, request) => startRun(ctx, workflowId, request));
}

/** The run holds every device it writes to until it ends. */
export function lockDevices(ctx: EngineContext, run: WorkflowRun): void {
  ctx.locks.acquire(drivenDevices(run.steps), {
    run_id: run.id,
    workflow_name: run.workflow_name,
  });
}

function originText(run: WorkflowRun): string {
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
