import type { CommandRef, WorkflowRun } from '@roastery/contract';
import type { EngineContext } from './engine-context.ts';
import { emitStatus } from './run-events.ts';
import { feedbackValue } from './step-readings.ts';

/** The step's row shows what the app wrote and what the PLC's feedback shows now. */
export function recordWrite(
  ctx: EngineContext,
  run: WorkflowRun,
  index: number,
  ref: CommandRef,
  value: number,
): void {
  const row = run.status[index];
  if (!row) return;
  row.response_from_app = value;
  row.response_from_plc = feedbackValue(ctx.devices, ref);
  emitStatus(ctx, run, index);
}

/** The PLC's feedback showed the step's value: its row keeps that reading from now on. */
export function confirm(
  ctx: EngineContext,
  run: WorkflowRun,
  index: number,
  ref: CommandRef,
): void {
  run.phases[index] = 'confirmed';
  const row = run.status[index];
  const shown = feedbackValue(ctx.devices, ref);
  if (!row || row.response_from_plc === shown) return;
  row.response_from_plc = shown;
  emitStatus(ctx, run, index);
}
