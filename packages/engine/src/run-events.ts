import type { RunState, WorkflowRun } from '@roastery/contract';
import { timestamp, type EngineContext } from './engine-context.ts';
import type { LiveRun } from './live-runs.ts';
import { addTimeline, transition } from './run-state-machine.ts';

/** Moves the run to another state and announces it. */
export function changeState(
  ctx: EngineContext,
  live: LiveRun,
  to: RunState,
  error: string | null = null,
): void {
  transition(live.run, to, timestamp(ctx), error);
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
  const entry = addTimeline(live.run, message, timestamp(ctx), deviceId);
  ctx.events.emit({
    type: 'timeline',
    run_id: live.run.id,
    workflow_id: live.run.workflow_id,
    entry,
    ...(reportsWrite ? { reportsWrite } : {}),
  });
}

/** Announces the current content of one of the run's status rows. */
export function emitStatus(ctx: EngineContext, run: WorkflowRun, index: number): void {
  const row = run.status[index];
  if (!row) return;
  ctx.events.emit({
    type: 'status',
    run_id: run.id,
    workflow_id: run.workflow_id,
    index,
    row: { ...row },
  });
}
