import type { Refusal } from './engine-types.ts';
import type { DevicePort } from './ports.ts';
import { deviceLabel } from './step-labels.ts';

export const MANUAL_MODE_REFUSAL =
  'This workflow cannot be started. Some of the devices are in manual mode.';
export const MANUAL_MODE_RESUME_REFUSAL =
  'This workflow cannot be resumed. Some of the devices are in manual mode.';
export const UNKNOWN_MODE_REFUSAL =
  'This workflow cannot be started. The PLC does not report the mode of some of the devices (is it connected?).';
export const UNKNOWN_MODE_RESUME_REFUSAL =
  'This workflow cannot be resumed. The PLC does not report the mode of some of the devices (is it connected?).';

/**
 * A run starts (or resumes) only on devices known to be in auto: one in manual mode belongs
 * to a person, and one whose mode the PLC does not report might.
 */
export function modeRefusal(
  devices: DevicePort,
  deviceIds: string[],
  action: 'start' | 'resume',
): Refusal | undefined {
  const unknown = deviceIds.filter((d) => devices.mode(d) === 'unknown');
  if (unknown.length > 0) {
    const names = unknown.map((d) => deviceLabel(devices, d)).join(', ');
    const message = action === 'start' ? UNKNOWN_MODE_REFUSAL : UNKNOWN_MODE_RESUME_REFUSAL;
    return {
      ok: false,
      reason: 'unknown_mode',
      message: `${message} Unknown: ${names}.`,
      devices: unknown,
    };
  }
  const manual = deviceIds.filter((d) => devices.mode(d) === 'manual');
  if (manual.length === 0) return undefined;
  const message = action === 'start' ? MANUAL_MODE_REFUSAL : MANUAL_MODE_RESUME_REFUSAL;
  return { ok: false, reason: 'manual', message, devices: manual };
}

export function notActive(workflowId: number): Refusal {
  return {
    ok: false,
    reason: 'not_active',
    message: `Workflow ${workflowId} has no run under way.`,
  };
}

export function notEnded(workflowId: number): Refusal {
  return {
    ok: false,
    reason: 'not_ended',
    message: `Workflow ${workflowId} has no ended run to clear.`,
  };
}
