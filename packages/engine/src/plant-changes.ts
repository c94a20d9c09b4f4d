import type { CommandRef } from '@roastery/contract';
import type { EngineContext } from './engine-context.ts';
import { checkManual } from './manual-mode.ts';
import { emitStatus } from './run-events.ts';
import { sameRef, stepRef } from './workflow-steps.ts';

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
