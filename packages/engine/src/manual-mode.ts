import type { WorkflowRun } from '@roastery/contract';
import { cancelPause, type EngineContext, type LiveRun } from './engine-context.ts';
import type { Refusal } from './engine-types.ts';
import { failRun } from './run-endings.ts';
import { commit, recordTimeline, recordTransition, storeFailed } from './run-persistence.ts';
import { deviceLabel, formatDuration } from './step-labels.ts';
import { workflowDevices } from './workflow-steps.ts';

export const MANUAL_MODE_REFUSAL =
  'This workflow cannot be started. Some of the devices are in manual mode.';
export const MANUAL_MODE_RESUME_REFUSAL =
  'This workflow cannot be resumed. Some of the devices are in manual mode.';
export const UNKNOWN_MODE_REFUSAL =
  'This workflow cannot be started. The PLC does not report the mode of some of the devices (is it connected?).';
export const UNKNOWN_MODE_RESUME_REFUSAL =
  'This workflow cannot be resumed. The PLC does not report the mode of some of the devices (is it connected?).';

/**
 * A device switched to manual mode pauses the run: nothing more is written until every
 * device is back in auto, and the run fails if that takes longer than manual_timeout_s.
 */
export function checkManual(ctx: EngineContext, live: LiveRun): void {
  const { run } = live;
  const manual = manualDevices(ctx, run);
  if (run.state === 'running' && manual.length > 0) {
    run.paused_by = manual;
    recordTransition(ctx, live, 'paused');
    const names = manual.map((d) => deviceLabel(ctx.devices, d)).join(', ');
    recordTimeline(ctx, live, `Paused: ${names} switched to manual mode.`, manual[0] ?? null);
    ctx.notifier.notify({
      type: 'alarm',
      device_id: manual[0] ?? null,
      text: `Workflow '${run.workflow_name}' paused: ${names} switched to manual mode.`,
    });
    const timeoutMs = run.settings.manual_timeout_s * 1000;
    live.cancelPauseTimer = ctx.clock.setTimer(timeoutMs, () => {
      live.cancelPauseTimer = undefined;
      if (run.state !== 'paused') return;
      const still = run.paused_by.map((d) => deviceLabel(ctx.devices, d)).join(', ');
      failRun(
        ctx,
        live,
        `Failed: ${still} stayed in manual mode for ${formatDuration(timeoutMs)}.`,
        run.paused_by[0] ?? null,
      );
    });
    void commit(ctx, live).catch((error: unknown) => storeFailed(ctx, run, error));
  } else if (run.state === 'paused' && manual.length === 0) {
    cancelPause(live);
    run.paused_by = [];
    recordTransition(ctx, live, 'running');
    recordTimeline(ctx, live, 'Resumed: every device is back in auto mode.');
    void commit(ctx, live).catch((error: unknown) => storeFailed(ctx, run, error));
  } else if (run.state === 'paused') {
    run.paused_by = manual;
  }
}

/** Devices of the run's remaining steps (written or waited on). */
export function remainingDevices(run: WorkflowRun): string[] {
  return workflowDevices(run.steps.slice(run.current_step));
}

/** Those of them now in manual mode. */
function manualDevices(ctx: EngineContext, run: WorkflowRun): string[] {
  return remainingDevices(run).filter((d) => ctx.devices.mode(d) === 'manual');
}

/**
 * A run starts (or resumes) only on devices known to be in auto: one in manual mode belongs
 * to a person, and one whose mode the PLC does not report might.
 */
export function modeRefusal(
  ctx: EngineContext,
  devices: string[],
  action: 'start' | 'resume',
): Refusal | undefined {
  const unknown = devices.filter((d) => ctx.devices.mode(d) === 'unknown');
  if (unknown.length > 0) {
    const names = unknown.map((d) => deviceLabel(ctx.devices, d)).join(', ');
    const message = action === 'start' ? UNKNOWN_MODE_REFUSAL : UNKNOWN_MODE_RESUME_REFUSAL;
    return {
      ok: false,
      reason: 'unknown_mode',
      message: `${message} Unknown: ${names}.`,
      devices: unknown,
    };
  }
  const manual = devices.filter((d) => ctx.devices.mode(d) === 'manual');
  if (manual.length === 0) return undefined;
  const message = action === 'start' ? MANUAL_MODE_REFUSAL : MANUAL_MODE_RESUME_REFUSAL;
  return { ok: false, reason: 'manual', message, devices: manual };
}
