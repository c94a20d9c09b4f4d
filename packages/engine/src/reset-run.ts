import type { EngineContext } from './engine-context.ts';
import type { ResetResult, ResetWrite } from './engine-types.ts';
import { notEnded } from './refusals.ts';
import { forgetRun } from './run-endings.ts';
import { recordTimeline } from './run-events.ts';
import { isTerminal } from './run-state-machine.ts';

/**
 * Clear & Reset: writes 0 to every app command the run wrote, then clears it. A command of a
 * device now in manual mode, or driven by another run, is skipped: both belong to someone else.
 */
export async function clearAndReset(
  ctx: EngineContext,
  workflowId: number,
  who: string,
): Promise<ResetResult> {
  const live = ctx.runs.currentOf(workflowId);
  if (!live || !isTerminal(live.run.state)) return notEnded(workflowId);
  const writes: ResetWrite[] = [];
  for (const ref of live.run.touched) {
    const holder = ctx.locks.holderOf(ref.device_id);
    const mode = ctx.devices.mode(ref.device_id);
    if (mode === 'manual') {
      writes.push({ ref, result: 'skipped', error: `${ref.device_id} is in manual mode` });
    } else if (mode === 'unknown') {
      writes.push({ ref, result: 'skipped', error: `the mode of ${ref.device_id} is unknown` });
    } else if (holder) {
      writes.push({ ref, result: 'skipped', error: `driven by run ${holder.run_id}` });
    } else {
      const outcome = await ctx.devices.write(ref, 0, who);
      writes.push({ ref, ...outcome });
    }
  }
  const done = writes.filter((w) => w.result !== 'failed' && w.result !== 'skipped');
  recordTimeline(
    ctx,
    live,
    `Clear & Reset by ${who}: wrote 0 to ${done.length} of ${writes.length} commands.`,
  );
  await forgetRun(ctx, live);
  return { ok: true, run: structuredClone(live.run), writes };
}
