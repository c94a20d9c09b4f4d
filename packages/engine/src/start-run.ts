import type { PlantEventType, WorkflowRun } from '@roastery/contract';
import {
  at,
  currentLive,
  lock,
  track,
  type EngineContext,
  type LiveRun,
} from './engine-context.ts';
import type { Refusal, StartRequest, StartResult } from './engine-types.ts';
import { modeRefusal } from './manual-mode.ts';
import { forgetRun } from './run-endings.ts';
import { commit, recordTimeline, recordTransition } from './run-persistence.ts';
import { createRun, isActive } from './run-state-machine.ts';
import { feedbackValue } from './status-rows.ts';
import { driveRun } from './step-execution.ts';
import { deviceLabel, originText } from './step-labels.ts';
import { validateDynamicValues, validateWorkflow } from './validation.ts';
import { drivenDevices, stepRef, workflowDevices } from './workflow-steps.ts';

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
  const previous = currentLive(ctx, workflowId);
  if (previous && isActive(previous.run.state)) {
    return {
      ok: false,
      reason: 'busy',
      message: `Workflow '${workflow.name}' already has a run under way (run ${previous.run.id}, ${previous.run.state}).`,
    };
  }
  const refusal = modeRefusal(ctx, workflowDevices(workflow.steps), 'start');
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
    owner: request.owner ?? null,
    at: at(ctx),
  });
  const live = track(ctx, run);
  lock(ctx, run);
  run.status = run.steps.map((step) => ({
    device_name: ctx.devices.device(step.device_id)?.device_name ?? step.device_id,
    type: step.type,
    command_id: step.command_id,
    response_from_app: null,
    response_from_plc: feedbackValue(ctx.devices, stepRef(step)),
  }));
  // Starting again forgets the previous ended run, as Clear would (without resetting).
  if (previous) await forgetRun(ctx, previous);
  recordTransition(ctx, live, 'running');
  recordTimeline(ctx, live, `Workflow started ${originText(run)}.`);
  await commit(ctx, live);
  live.driving = drive(ctx, live);
  return { ok: true, run: structuredClone(run) };
}

/** Drives the run on; once it has finished, the workflows its finishing triggers start. */
export function drive(ctx: EngineContext, live: LiveRun): Promise<void> {
  return driveRun(ctx, live, (parent) => startChildren(ctx, parent));
}

/** Starts every workflow bound to a plant event (order started, dump acknowledged, ...). */
export async function startForPlantEvent(
  ctx: EngineContext,
  event: PlantEventType,
  who: string,
): Promise<{ workflow_id: number; result: StartResult }[]> {
  const triggers = (await ctx.workflows.triggers()).filter((t) => t.when === event);
  const results: { workflow_id: number; result: StartResult }[] = [];
  for (const trigger of triggers) {
    const result = await startRun(ctx, trigger.workflow, {
      who,
      origin: { kind: 'event', event },
    });
    if (!result.ok) triggerRefused(ctx, trigger.workflow, `plant event ${event}`, result);
    results.push({ workflow_id: trigger.workflow, result });
  }
  return results;
}

async function startChildren(ctx: EngineContext, parent: WorkflowRun): Promise<void> {
  const triggers = (await ctx.workflows.triggers()).filter(
    (t) => t.when === 'parent_finished' && t.parent === parent.workflow_id,
  );
  for (const trigger of triggers) {
    const result = await startRun(ctx, trigger.workflow, {
      who: parent.who,
      origin: { kind: 'parent', parent_run_id: parent.id },
    });
    if (!result.ok) {
      triggerRefused(ctx, trigger.workflow, `'${parent.workflow_name}' finishing`, result);
    }
  }
}

function triggerRefused(
  ctx: EngineContext,
  workflowId: number,
  cause: string,
  refusal: Refusal,
): void {
  ctx.notifier.notify({
    type: 'warning',
    device_id: refusal.devices?.[0] ?? null,
    text: `Workflow ${workflowId} was not started by ${cause}: ${refusal.message}`,
  });
}
