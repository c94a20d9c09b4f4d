import type { CommandRef, WorkflowRun, WorkflowStep } from '@roastery/contract';
import type { EngineContext } from './engine-context.ts';
import type { DevicePort } from './ports.ts';

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

/** The value a step writes: its own, or the one asked for at start when it is dynamic. */
export function stepValue(run: WorkflowRun, step: WorkflowStep): number {
  return step.dynamic ? (run.dynamic_values[String(step.id)] ?? 0) : step.command_value;
}

export function feedbackValue(devices: DevicePort, ref: CommandRef): number | null {
  return devices.read(devices.feedbackOf(ref))?.value ?? null;
}
