import type { WorkflowStep } from '@roastery/contract';
import { stillDriving, timestamp, type EngineContext } from './engine-context.ts';
import { whileOnPlant, type LiveRun } from './live-runs.ts';
import { failRun } from './run-endings.ts';
import { recordTimeline } from './run-events.ts';
import { commit } from './run-persistence.ts';
import { confirm } from './status-rows.ts';
import { commandName, formatDuration, stepName, waitText } from './step-labels.ts';
import { feedbackValue, stepValue } from './step-readings.ts';
import { feedbackShows, waitHolds } from './wait-conditions.ts';
import { stepRef, waitRef } from './workflow-steps.ts';

/**
 * wait_finish: waits until the PLC's feedback shows the value the step wrote, which confirms
 * the step. False: stop driving (the run timed out, ended or the engine closed).
 */
export async function awaitFeedback(
  ctx: EngineContext,
  live: LiveRun,
  step: WorkflowStep,
  index: number,
  timeoutMs: number,
): Promise<boolean> {
  const { run } = live;
  const name = stepName(ctx.devices, step, index);
  const ref = stepRef(step);
  const value = stepValue(run, step);
  const feedback = commandName(ctx.devices, ctx.devices.feedbackOf(ref));
  recordTimeline(ctx, live, `${name}: waiting for ${feedback} to show ${value}.`, step.device_id);
  live.wait = { kind: 'wait_finish', since: timestamp(ctx) };
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
  return true;
}

/**
 * wait_device: waits until every condition of the step holds. False: stop driving (the run
 * timed out, ended or the engine closed).
 */
export async function awaitWaitDevices(
  ctx: EngineContext,
  live: LiveRun,
  step: WorkflowStep,
  index: number,
  timeoutMs: number,
): Promise<boolean> {
  const { run } = live;
  if (step.wait_device.length === 0) return true;
  const name = stepName(ctx.devices, step, index);
  const what = step.wait_device.map((wait) => waitText(ctx.devices, wait)).join(' and ');
  recordTimeline(ctx, live, `${name}: waiting until ${what}.`, step.device_id);
  live.wait = { kind: 'wait_device', since: timestamp(ctx) };
  const held = await whileOnPlant(
    live,
    ctx.conditions.condition(
      run.id,
      () => step.wait_device.every((wait) => waitHolds(ctx.devices, wait)),
      timeoutMs,
    ),
  );
  live.wait = undefined;
  if (!stillDriving(ctx, run)) return false;
  if (!held) {
    const open = step.wait_device
      .filter((wait) => !waitHolds(ctx.devices, wait))
      .map((wait) => {
        const reading = ctx.devices.read(waitRef(wait));
        const last = reading?.quality === 'good' ? reading.value : (reading?.quality ?? null);
        return `${waitText(ctx.devices, wait)} (last value ${last ?? 'unknown'})`;
      })
      .join(', ');
    const first = step.wait_device.find((wait) => !waitHolds(ctx.devices, wait));
    return failRun(
      ctx,
      live,
      `${name}: timed out after ${formatDuration(timeoutMs)} waiting for ${open}.`,
      first?.device_id ?? step.device_id,
    );
  }
  recordTimeline(ctx, live, `${name}: ${what} holds.`, step.device_id);
  return true;
}
