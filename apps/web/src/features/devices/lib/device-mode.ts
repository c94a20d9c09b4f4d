import type { DeviceDetail, DeviceSummary } from '@roastery/contract';

export const MODE_SWITCH_WAIT = 'Please wait for the PLC to confirm the mode switching';

/**
 * A requested mode switch the PLC has yet to confirm. With the PLC link down nothing can be
 * confirmed, so the screen says that instead of waiting forever.
 */
export function isModeSwitching(device: Pick<DeviceSummary, 'isSwitched' | 'quality'>): boolean {
  return !device.isSwitched && device.quality !== 'offline';
}

export function switchingText(detail: Pick<DeviceDetail, 'requestedManual'>): string {
  return detail.requestedManual ? 'Switching to Manual mode' : 'Switching to Auto mode';
}

/** Manual commands are for a device the PLC confirms in Manual mode, with a live link. */
export function manualControlsEnabled(detail: DeviceDetail): boolean {
  return detail.manual === true && detail.isSwitched && detail.quality === 'good';
}

/** A mode the PLC does not report (null) is unknown: never shown as Auto. */
export function modeLabel(manual: boolean | null): 'Manual' | 'Auto' | 'Unknown' {
  return manual === null ? 'Unknown' : manual ? 'Manual' : 'Auto';
}

export const UNKNOWN_MODE_HINT = "The PLC does not report this device's mode right now";
