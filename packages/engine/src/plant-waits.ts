import type { CommandRef, WorkflowStep } from '@roastery/contract';
import { at, stillDriving, type EngineContext, type LiveRun } from './engine-context.ts';
import { checkManual } from './manual-mode.ts';
import { failRun } from './run-endings.ts';
import { recordTimeline } from './run-persistence.ts';
import { emitStatus } from './status-rows.ts';
import { formatDuration, stepName, waitText } from './step-labels.ts';
import { waitHolds } from './wait-conditions.ts';
import { sameRef, stepRef, waitRef } from './workflow-steps.ts';

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
  live.wait = { kind: 'wait_device', since: at(ctx) };
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

/** Awaits what only the plant or a person at it ends, the run marked as waiting on it. */
export async function whileOnPlant<T>(live: LiveRun, waited: Promise<T>): Promise<T> {
  live.onPlant = true;
  try {
    return await waited;
  } finally {
    live.onPlant = false;
  }
}

/**
 * Every scanned change: re-check the waits, the modes and the status rows. A row follows the
 * PLC until its step is confirmed or done, then keeps what the PLC showed: a later step that
 * writes the same command (a gate opened, then closed) must not rewrite an earlier answer.
 */
export function onPlantChange(ctx: EngineContext, ref: CommandRef, value: number | null): void {
  for (const live of ctx.runs.values()) {
    const { run } = live;
    if (run.state !== 'running' && run.state !== 'paused') continue;
    checkManual(ctx, live);
    run.steps.forEach((step, index) => {
      if (run.phases[index] === 'confirmed' || run.phases[index] === 'done') return;
      if (!sameRef(ctx.devices.feedbackOf(stepRef(step)), ref)) return;
      const row = run.status[index];
      if (!row || row.response_from_plc === value) return;
      row.response_from_plc = value;
      emitStatus(ctx, run, index);
    });
  }
  ctx.conditions.recheck();
}
