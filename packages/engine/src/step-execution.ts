import type { WorkflowRun } from '@roastery/contract';
import { stillDriving, type EngineContext } from './engine-context.ts';
import { whileOnPlant, type LiveRun } from './live-runs.ts';
import { failRun } from './run-endings.ts';
import { recordTimeline } from './run-events.ts';
import { commit } from './run-persistence.ts';
import { confirm, recordWrite } from './status-rows.ts';
import { stepName } from './step-labels.ts';
import { stepValue } from './step-readings.ts';
import { awaitFeedback, awaitWaitDevices } from './step-waits.ts';
import { feedbackShows } from './wait-conditions.ts';
import { sameRef, stepRef } from './workflow-steps.ts';

/** One step: write, then wait_finish, then the wait_device conditions. False: stop driving. */
export async function runStep(ctx: EngineContext, live: LiveRun, index: number): Promise<boolean> {
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
    const confirmed = await awaitFeedback(ctx, live, step, index, timeoutMs);
    if (!confirmed) return false;
  }
  return awaitWaitDevices(ctx, live, step, index, timeoutMs);
}

/**
 * What the events log says a run's write was for, under the person who started the run. The
 * run id is cut to its first 8 characters, enough to tell runs apart in a list people read.
 */
function writeContext(run: WorkflowRun, index: number): string {
  return `workflow '${run.workflow_name}', step ${index + 1}, run ${run.id.slice(0, 8)}`;
}
