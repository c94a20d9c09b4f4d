import type { EngineContext } from './engine-context.ts';
import type { RunResult } from './engine-types.ts';
import { cancelPause } from './live-runs.ts';
import { remainingDevices } from './manual-mode.ts';
import { modeRefusal, notActive, notEnded } from './refusals.ts';
import { endRun, forgetRun } from './run-endings.ts';
import { changeState, recordTimeline } from './run-events.ts';
import { commit } from './run-persistence.ts';
import { isActive, isTerminal } from './run-state-machine.ts';
import { drive, lockDevices } from './start-run.ts';
import { stepName } from './step-labels.ts';

/**
 * Loads every run not cleared. A run found running or paused was cut off by a restart: it
 * becomes interrupted, with an alarm, keeps its devices locked and waits for a person to
 * resume or stop it.
 */
export async function recoverRuns(ctx: EngineContext): Promise<void> {
  const runs = await ctx.store.listUncleared();
  runs.sort((a, b) => a.started_at.localeCompare(b.started_at));
  for (const run of runs) {
    const live = ctx.runs.track(run);
    if (run.state === 'running' || run.state === 'paused') {
      cancelPause(live);
      changeState(ctx, live, 'interrupted');
      const step = run.steps[run.current_step];
      const where = step ? ` at ${stepName(ctx.devices, step, run.current_step)}` : '';
      recordTimeline(
        ctx,
        live,
        `Interrupted: the server restarted while the run was active${where}. Resume it or stop it.`,
      );
      ctx.notifier.notify({
        type: 'alarm',
        device_id: null,
        text: `Workflow '${run.workflow_name}' was interrupted by a server restart${where}. Resume it or stop it.`,
      });
      await commit(ctx, live);
    }
    if (isActive(run.state)) lockDevices(ctx, run);
  }
}

/**
 * Abandons every wait without touching run states and resolves once every drive loop has
 * returned: the runs stay stored as they are and the next open() finds them interrupted.
 */
export async function abandonRuns(ctx: EngineContext): Promise<void> {
  for (const live of ctx.runs.values()) {
    cancelPause(live);
    ctx.conditions.cancel(live.run.id);
  }
  await Promise.all([...ctx.runs.values()].map((live) => live.driving));
}

/** Stop: the run ends at once; see the README for what that leaves on the plant. */
export async function stopRun(
  ctx: EngineContext,
  workflowId: number,
  who: string,
): Promise<RunResult> {
  const live = ctx.runs.currentOf(workflowId);
  if (!live || !isActive(live.run.state)) return notActive(workflowId);
  const { run } = live;
  const step = run.steps[run.current_step];
  const where = step ? ` at ${stepName(ctx.devices, step, run.current_step)}` : '';
  endRun(ctx, live, 'stopped', `Stopped by ${who}${where}.`);
  await commit(ctx, live);
  return { ok: true, run: structuredClone(run) };
}

/** Continues an interrupted run from its current step, without repeating a confirmed write. */
export async function resumeRun(
  ctx: EngineContext,
  workflowId: number,
  who: string,
): Promise<RunResult> {
  const live = ctx.runs.currentOf(workflowId);
  if (!live || live.run.state !== 'interrupted') {
    return {
      ok: false,
      reason: 'not_active',
      message: `Workflow ${workflowId} has no interrupted run to resume.`,
    };
  }
  const { run } = live;
  const refusal = modeRefusal(ctx.devices, remainingDevices(run), 'resume');
  if (refusal) return refusal;
  changeState(ctx, live, 'running');
  const step = run.steps[run.current_step];
  const from = step ? ` from ${stepName(ctx.devices, step, run.current_step)}` : '';
  recordTimeline(ctx, live, `Resumed by ${who}${from}.`);
  await commit(ctx, live);
  live.driving = drive(ctx, live);
  return { ok: true, run: structuredClone(run) };
}

/** Clear: forgets an ended run; the run screen goes back to idle. */
export async function clearRun(ctx: EngineContext, workflowId: number): Promise<RunResult> {
  const live = ctx.runs.currentOf(workflowId);
  if (!live || !isTerminal(live.run.state)) return notEnded(workflowId);
  await forgetRun(ctx, live);
  return { ok: true, run: structuredClone(live.run) };
}
