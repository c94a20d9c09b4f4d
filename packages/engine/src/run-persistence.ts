import type { WorkflowRun } from '@roastery/contract';
import type { EngineContext } from './engine-context.ts';
import type { LiveRun } from './live-runs.ts';

/** Saves a snapshot of the run; saves reach the store in the order they were asked for. */
export function commit(ctx: EngineContext, live: LiveRun): Promise<void> {
  const snapshot = structuredClone(live.run);
  // A failed save must not block the ones after it: each caller hears of its own failure.
  live.saving = live.saving.catch(() => undefined).then(() => ctx.store.save(snapshot));
  return live.saving;
}

/**
 * Saves a change nobody awaits (one made by a timer or a scanned change): a failed save raises
 * an alarm instead.
 */
export function commitInBackground(ctx: EngineContext, live: LiveRun): void {
  void commit(ctx, live).catch((error: unknown) => storeFailed(ctx, live.run, error));
}

function storeFailed(ctx: EngineContext, run: WorkflowRun, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  ctx.notifier.notify({
    type: 'alarm',
    device_id: null,
    text: `The state of workflow '${run.workflow_name}' could not be stored (${reason}).`,
  });
}
