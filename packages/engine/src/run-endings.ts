import type { RunState } from '@roastery/contract';
import { at, cancelPause, type EngineContext, type LiveRun } from './engine-context.ts';
import { commit, recordTimeline, recordTransition, storeFailed } from './run-persistence.ts';

/** Ends the run: nothing of it runs any more and its devices are free. */
export function endRun(
  ctx: EngineContext,
  live: LiveRun,
  state: RunState,
  message: string,
  deviceId: string | null = null,
): void {
  const error = state === 'failed' ? message : null;
  cancelPause(live);
  recordTransition(ctx, live, state, error);
  recordTimeline(ctx, live, message, deviceId);
  ctx.locks.release(live.run.id);
  ctx.conditions.cancel(live.run.id);
}

/** Ends the run as failed, with an alarm. False, so that a step can return it: stop driving. */
export function failRun(
  ctx: EngineContext,
  live: LiveRun,
  message: string,
  deviceId: string | null = null,
): false {
  endRun(ctx, live, 'failed', message, deviceId);
  ctx.notifier.notify({
    type: 'alarm',
    device_id: deviceId,
    text: `Workflow '${live.run.workflow_name}' failed. ${message}`,
  });
  void commit(ctx, live).catch((error: unknown) => storeFailed(ctx, live.run, error));
  return false;
}

/** Clears an ended run: stored as cleared, then forgotten; its run screen goes back to idle. */
export async function forgetRun(ctx: EngineContext, live: LiveRun): Promise<void> {
  live.run.cleared_at = at(ctx);
  await commit(ctx, live);
  ctx.runs.delete(live.run.id);
  if (ctx.current.get(live.run.workflow_id) === live.run.id) {
    ctx.current.delete(live.run.workflow_id);
  }
  ctx.events.emit({
    type: 'cleared',
    run_id: live.run.id,
    workflow_id: live.run.workflow_id,
  });
}
