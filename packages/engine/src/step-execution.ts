import type { WorkflowRun } from '@roastery/contract';
import { at, stillDriving, type EngineContext, type LiveRun } from './engine-context.ts';
import { awaitWaitDevices, whileOnPlant } from './plant-waits.ts';
import { endRun, failRun } from './run-endings.ts';
import { commit, recordTimeline } from './run-persistence.ts';
import { confirm, feedbackValue, recordWrite, stepValue } from './status-rows.ts';
import { commandName, formatDuration, stepName, writeContext } from './step-labels.ts';
import { feedbackShows } from './wait-conditions.ts';
import { sameRef, stepRef } from './workflow-steps.ts';

/**
 * Runs the run's steps from its current one until it finishes, ends otherwise or the engine
 * closes; a finished run then starts the workflows its finishing triggers (`startChildren`).
 */
export async function driveRun(
  ctx: EngineContext,
  live: LiveRun,
  startChildren: (parent: WorkflowRun) => Promise<void>,
): Promise<void> {
  const { run } = live;
  try {
    while (run.current_step < run.steps.length) {
      const completed = await runStep(ctx, live, run.current_step);
      if (!completed) return;
      run.phases[run.current_step] = 'done';
      run.current_step += 1;
      await commit(ctx, live);
    }
    if (!stillDriving(ctx, run)) return;
    endRun(ctx, live, 'finished', 'Workflow finished.');
    await commit(ctx, live);
    await startChildren(run);
  } catch (error) {
    // Only the store can throw here (a write never rejects): without it nothing may go on.
    const reason = error instanceof Error ? error.message : String(error);
    if (stillDriving(ctx, run)) {
      endRun(ctx, live, 'failed', `Failed: the run state could not be stored (${reason}).`);
      ctx.notifier.notify({
        type: 'alarm',
        device_id: null,
        text: `Workflow '${run.workflow_name}' failed: its state could not be stored (${reason}).`,
      });
      await commit(ctx, live).catch(() => undefined);
    }
  }
}

/**
 * One step: write, then wait_finish, then the wait_device conditions. False: stop driving.
 * One function on purpose: an async call around the wait_finish wait would start the wait_device
 * wait a microtask later, and when a run's waits start against the plant's scans is behaviour
 * (a silo's charge wait decides how much a batch draws).
 */
async function runStep(ctx: EngineContext, live: LiveRun, index: number): Promise<boolean> {
  const { run } = live;
  const step = run.steps[index];
  if (!step) return false;
  const name = stepName(ctx.devices, step, index);
  const ref = stepRef(step);
  const value = stepValue(run, step);
  const timeoutMs = (step.timeout_s ?? run.settings.wait_timeout_s) * 1000;

  if (run.phases[index] === 'writing' && feedbackShows(ctx.devices, ref, value)) {
    // Cut off between sending and hearing back, and the PLC shows the value: it arrived.
    confirm(ctx, run, index, ref);
    recordTimeline(ctx, live, `${name}: the PLC already shows ${value}; not written again.`);
    await commit(ctx, live);
  }
  if (run.phases[index] === 'pending' || run.phases[index] === 'writing') {
    // Never write while a device is in manual mode: wait for the pause to end (or fail).
    const auto = await whileOnPlant(
      live,
      ctx.conditions.condition(run.id, () => run.state !== 'paused'),
    );
    if (!auto || !stillDriving(ctx, run)) return false;
    run.phases[index] = 'writing';
    // Touched before sending: a write cut off by a crash may still have reached the PLC.
    if (!run.touched.some((t) => sameRef(t, ref))) run.touched.push(ref);
    await commit(ctx, live);
    const outcome = await whileOnPlant(
      live,
      ctx.devices.write(ref, value, run.who, writeContext(run, index)),
    );
    recordWrite(ctx, run, index, ref, value);
    ctx.writes?.written({ run, index, step: name, ref, value, outcome });
    if (!stillDriving(ctx, run)) return false;
    if (outcome.result === 'failed') {
      run.phases[index] = 'pending';
      return failRun(ctx, live, `${name}: the write of ${value} failed: ${outcome.error ?? ''}`);
    }
    if (outcome.result === 'ok') confirm(ctx, run, index, ref);
    else run.phases[index] = 'written';
    const note = outcome.result === 'ok' ? ' (confirmed by the PLC)' : '';
    recordTimeline(ctx, live, `${name}: wrote ${value}${note}.`, step.device_id, true);
    await commit(ctx, live);
  }
  if (step.wait_finish && run.phases[index] === 'written') {
    const feedback = commandName(ctx.devices, ctx.devices.feedbackOf(ref));
    recordTimeline(ctx, live, `${name}: waiting for ${feedback} to show ${value}.`, step.device_id);
    live.wait = { kind: 'wait_finish', since: at(ctx) };
    const held = await whileOnPlant(
      live,
      ctx.conditions.condition(run.id, () => feedbackShows(ctx.devices, ref, value), timeoutMs),
    );
    live.wait = undefined;
    if (!stillDriving(ctx, run)) return false;
    if (!held) {
      const last = feedbackValue(ctx.devices, ref);
      return failRun(
        ctx,
        live,
        `${name}: timed out after ${formatDuration(timeoutMs)} waiting for ${feedback} to show ${value} (last value ${last ?? 'unknown'}).`,
        step.device_id,
      );
    }
    confirm(ctx, run, index, ref);
    recordTimeline(ctx, live, `${name}: ${feedback} shows ${value}.`, step.device_id);
    await commit(ctx, live);
  }
  return awaitWaitDevices(ctx, live, step, index, timeoutMs);
}
