import type { RunState, WorkflowRun } from '@roastery/contract';
import { at, type EngineContext, type LiveRun } from './engine-context.ts';
import { addTimeline, transition } from './run-state-machine.ts';

/** Moves the run to another state and announces it. */
export function recordTransition(
  ctx: EngineContext,
  live: LiveRun,
  to: RunState,
  error: string | null = null,
): void {
  transition(live.run, to, at(ctx), error);
  ctx.events.emit({
    type: 'state',
    run_id: live.run.id,
    workflow_id: live.run.workflow_id,
    state: to,
    error: live.run.error,
  });
  // A state change can be what a wait is waiting for (the end of a pause).
  queueMicrotask(() => ctx.conditions.recheck());
}

/** Adds an entry to the run's timeline and announces it. */
export function recordTimeline(
  ctx: EngineContext,
  live: LiveRun,
  message: string,
  deviceId: string | null = null,
  reportsWrite = false,
): void {
  const entry = addTimeline(live.run, message, at(ctx), deviceId);
  ctx.events.emit({
    type: 'timeline',
    run_id: live.run.id,
    workflow_id: live.run.workflow_id,
    entry,
    ...(reportsWrite ? { reportsWrite } : {}),
  });
}

/** Saves a snapshot of the run now; saves reach the store in the order they were asked for. */
export function commit(ctx: EngineContext, live: LiveRun): Promise<void> {
  const snapshot = structuredClone(live.run);
  // A failed save must not block the ones after it: each caller hears of its own failure.
  live.saving = live.saving.catch(() => undefined).then(() => ctx.store.save(snapshot));
  return live.saving;
}

/** The alarm for a save nobody awaits (one made by a timer or a scanned change) that failed. */
export function storeFailed(ctx: EngineContext, run: WorkflowRun, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  ctx.notifier.notify({
    type: 'alarm',
    device_id: null,
    text: `The state of workflow '${run.workflow_name}' could not be stored (${reason}).`,
  });
}
