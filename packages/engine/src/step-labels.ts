import {
  orderNumber,
  type CommandRef,
  type WaitDevice,
  type WorkflowRun,
  type WorkflowStep,
} from '@roastery/contract';
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

/** 'R1 (Roaster 1)', or the id alone when the device is unknown. */
export function deviceLabel(devices: DevicePort, deviceId: string): string {
  const name = devices.device(deviceId)?.device_name;
  return name ? `${deviceId} (${name})` : deviceId;
}

/** Who or what started the run, for its first timeline entry: 'by alice', 'for order 000042'. */
export function originText(run: WorkflowRun): string {
  switch (run.origin.kind) {
    case 'person':
      return `by ${run.who}`;
    case 'order': {
      const order = `order ${orderNumber(run.origin.order_id)}`;
      const batch = run.origin.batch === null ? '' : `, batch ${run.origin.batch}`;
      // A batch that follows the one before it is started by its order, not by a person.
      return run.who === order ? `for ${order}${batch}` : `by ${run.who} for ${order}${batch}`;
    }
    case 'parent':
      return `by its parent workflow finishing (run ${run.origin.parent_run_id})`;
    case 'event':
      return `by the plant event ${run.origin.event}`;
  }
}

/**
 * What the events log says a run's write was for, under the person who started the run. The
 * run id is cut to its first 8 characters, enough to tell runs apart in a list people read.
 */
export function writeContext(run: WorkflowRun, index: number): string {
  return `workflow '${run.workflow_name}', step ${index + 1}, run ${run.id.slice(0, 8)}`;
}
