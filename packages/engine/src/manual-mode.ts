import type { WorkflowRun } from '@roastery/contract';
import type { EngineContext } from './engine-context.ts';
import { cancelPause, type LiveRun } from './live-runs.ts';
import { failRun } from './run-endings.ts';
import { changeState, recordTimeline } from './run-events.ts';
import { commitInBackground } from './run-persistence.ts';
import { deviceLabel, formatDuration } from './step-labels.ts';
import { workflowDevices } from './workflow-steps.ts';

/** Devices of the run's remaining steps (written or waited on). */
export function remainingDevices(run: WorkflowRun): string[] {
  return workflowDevices(run.steps.slice(run.current_step));
}

/**
 * A device switched to manual mode pauses the run: nothing more is written until every
 * device is back in auto, and the run fails if that takes longer than manual_timeout_s.
 */
export function checkManual(ctx: EngineContext, live: LiveRun): void {
  const { run } = live;
  const manual = remainingDevices(run).filter((d) => ctx.devices.mode(d) === 'manual');
  if (run.state === 'running' && manual.length > 0) {
    run.paused_by = manual;
    changeState(ctx, live, 'paused');
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
    commitInBackground(ctx, live);
  } else if (run.state === 'paused' && manual.length === 0) {
    cancelPause(live);
    run.paused_by = [];
    changeState(ctx, live, 'running');
    recordTimeline(ctx, live, 'Resumed: every device is back in auto mode.');
    commitInBackground(ctx, live);
  } else if (run.state === 'paused') {
    run.paused_by = manual;
  }
}
