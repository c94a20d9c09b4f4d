import type { CommandRef, WorkflowRun, WorkflowStep } from '@roastery/contract';
import type { DevicePort } from './ports.ts';

/** The value a step writes: its own, or the one asked for at start when it is dynamic. */
export function stepValue(run: WorkflowRun, step: WorkflowStep): number {
  return step.dynamic ? (run.dynamic_values[String(step.id)] ?? 0) : step.command_value;
}

/** A reading only when it is live: a stale or offline value says nothing about now. */
export function goodValue(devices: DevicePort, ref: CommandRef): number | null {
  const reading = devices.read(ref);
  return reading?.quality === 'good' ? reading.value : null;
}

/** What the feedback of a command shows, whatever the quality of its reading. */
export function feedbackValue(devices: DevicePort, ref: CommandRef): number | null {
  return devices.read(devices.feedbackOf(ref))?.value ?? null;
}
