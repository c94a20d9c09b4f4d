import { stillDriving, type EngineContext } from './engine-context.ts';
import type { StartRun } from './engine-types.ts';
import type { LiveRun } from './live-runs.ts';
import { endRun } from './run-endings.ts';
import { commit } from './run-persistence.ts';
import { startChildren } from './run-triggers.ts';
import { runStep } from './step-execution.ts';

/**
 * Runs the run's steps from its current one until it finishes, ends otherwise or the engine
 * closes; a finished run then starts its child workflows through `start`.
 */
export async function driveRun(ctx: EngineContext, live: LiveRun, start: StartRun): Promise<void> {
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
    await startChildren(ctx, run, start);
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
