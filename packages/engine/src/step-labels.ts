import type { CommandRef, WaitDevice, WorkflowStep } from '@roastery/contract';
import type { DevicePort } from './ports.ts';
import { stepRef, waitRef } from './workflow-steps.ts';

/** 'GS1 Inlet Gate', or 'GS1 binary command 99' when the command is unknown. */
export function commandName(devices: DevicePort, ref: CommandRef): string {
  const label = devices.command(ref)?.label ?? `${ref.command_kind} command ${ref.command_id}`;
  return `${ref.device_id} ${label}`;
}

/** 'Step 3 (GS1 Inlet Gate)': how every message about a step starts. */
export function stepName(devices: DevicePort, step: WorkflowStep, index: number): string {
  return `Step ${index + 1} (${commandName(devices, stepRef(step))})`;
}

/** 'R1 Charge Gate Opened = 1'. */
export function waitText(devices: DevicePort, wait: WaitDevice): string {
  return `${commandName(devices, waitRef(wait))} ${wait.condition} ${wait.command_value}`;
}

export function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1_000 === 0) return `${ms / 1_000} s`;
  return `${ms} ms`;
}
