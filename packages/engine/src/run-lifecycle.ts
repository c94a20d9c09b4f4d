import { cancelPause, currentLive, lock, track, type EngineContext } from './engine-context.ts';
import type { Refusal, ResetResult, ResetWrite, RunResult } from './engine-types.ts';
import { modeRefusal, remainingDevices } from './manual-mode.ts';
import { onPlantChange } from './plant-waits.ts';
import { endRun, forgetRun } from './run-endings.ts';
import { commit, recordTimeline, recordTransition } from './run-persistence.ts';
import { isActive, isTerminal } from './run-state-machine.ts';
import { drive } from './start-run.ts';
import { stepName } from './step-labels.ts';

/**
 * Loads every run not cleared and starts listening to the plant. A run found running or
 * paused was cut off by a restart: it becomes interrupted, with an alarm, keeps its devices
 * locked and waits for a person to resume or stop it.
 */
export async function openEngine(ctx: EngineContext): Promise<void> {
  // Opened again after a close (an instance given the lead back): the store is the truth, as
  // another instance may have driven, ended or cleared runs in between.
  ctx.closed = false;
  ctx.conditions.open();
  ctx.runs.clear();
  ctx.current.clear();
  ctx.locks.releaseAll();
  const runs = await ctx.store.listUncleared();
  runs.sort((a, b) => a.started_at.localeCompare(b.started_at));
  for (const run of runs) {
    const live = track(ctx, run);
    if (run.state === 'running' || run.state === 'paused') {
      cancelPause(live);
      recordTransition(ctx, live, 'interrupted');
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
    if (isActive(run.state)) lock(ctx, run);
  }
  ctx.unsubscribe = ctx.devices.subscribe((ref, value) => onPlantChange(ctx, ref, value));
}

/**
 * Stops listening and abandons every wait without touching run states: the runs stay stored
 * as they are and the next open() finds them interrupted.
 */
export async function closeEngine(ctx: EngineContext): Promise<void> {
  ctx.closed = true;
  ctx.unsubscribe?.();
  for (const live of ctx.runs.values()) cancelPause(live);
  ctx.conditions.close();
  await Promise.all([...ctx.runs.values()].map((live) => live.driving));
}

/** Stop: the run ends at once; see the README for what that leaves on the plant. */
export async function stopRun(
  ctx: EngineContext,
  workflowId: number,
  who: string,
): Promise<RunResult> {
  const live = currentLive(ctx, workflowId);
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
  const live = currentLive(ctx, workflowId);
  if (!live || live.run.state !== 'interrupted') {
    return {
      ok: false,
      reason: 'not_active',
      message: `Workflow ${workflowId} has no interrupted run to resume.`,
    };
  }
  const { run } = live;
  const refusal = modeRefusal(ctx, remainingDevices(run), 'resume');
  if (refusal) return refusal;
  recordTransition(ctx, live, 'running');
  const step = run.steps[run.current_step];
  const from = step ? ` from ${stepName(ctx.devices, step, run.current_step)}` : '';
  recordTimeline(ctx, live, `Resumed by ${who}${from}.`);
  await commit(ctx, live);
  live.driving = drive(ctx, live);
  return { ok: true, run: structuredClone(run) };
}

/** Clear: forgets an ended run; the run screen goes back to idle. */
export async function clearRun(ctx: EngineContext, workflowId: number): Promise<RunResult> {
  const live = currentLive(ctx, workflowId);
  if (!live || !isTerminal(live.run.state)) return notEnded(workflowId);
  await forgetRun(ctx, live);
  return { ok: true, run: structuredClone(live.run) };
}

/**
 * Clear & Reset: writes 0 to every app command the run wrote, then clears it. A command of a
 * device now in manual mode, or driven by another run, is skipped: both belong to someone else.
 */
export async function clearAndReset(
  ctx: EngineContext,
  workflowId: number,
  who: string,
): Promise<ResetResult> {
  const live = currentLive(ctx, workflowId);
  if (!live || !isTerminal(live.run.state)) return notEnded(workflowId);
  const writes: ResetWrite[] = [];
  for (const ref of live.run.touched) {
    const holder = ctx.locks.holderOf(ref.device_id);
    const mode = ctx.devices.mode(ref.device_id);
    if (mode === 'manual') {
      writes.push({ ref, result: 'skipped', error: `${ref.device_id} is in manual mode` });
    } else if (mode === 'unknown') {
      writes.push({ ref, result: 'skipped', error: `the mode of ${ref.device_id} is unknown` });
    } else if (holder) {
      writes.push({ ref, result: 'skipped', error: `driven by run ${holder.run_id}` });
    } else {
      const outcome = await ctx.devices.write(ref, 0, who);
      writes.push({ ref, ...outcome });
    }
  }
  const done = writes.filter((w) => w.result !== 'failed' && w.result !== 'skipped');
  recordTimeline(
    ctx,
    live,
    `Clear & Reset by ${who}: wrote 0 to ${done.length} of ${writes.length} commands.`,
  );
  await forgetRun(ctx, live);
  return { ok: true, run: structuredClone(live.run), writes };
}

function notActive(workflowId: number): Refusal {
  return {
    ok: false,
    reason: 'not_active',
    message: `Workflow ${workflowId} has no run under way.`,
  };
}

function notEnded(workflowId: number): Refusal {
  return {
    ok: false,
    reason: 'not_ended',
    message: `Workflow ${workflowId} has no ended run to clear.`,
  };
}
