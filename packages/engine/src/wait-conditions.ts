import type { CommandRef, WaitConditionOperator, WaitDevice } from '@roastery/contract';
import type { DevicePort } from './ports.ts';
import { waitRef } from './workflow-steps.ts';

/** Scaled register values are decoded as raw / scale, so equality allows for float rounding. */
const EPSILON = 1e-6;

export function compare(
  actual: number,
  operator: WaitConditionOperator,
  expected: number,
): boolean {
  switch (operator) {
    case '=':
      return Math.abs(actual - expected) < EPSILON;
    case '!=':
      return Math.abs(actual - expected) >= EPSILON;
    case '>':
      return actual > expected + EPSILON;
    case '<':
      return actual < expected - EPSILON;
    case '>=':
      return actual > expected - EPSILON;
    case '<=':
      return actual < expected + EPSILON;
  }
}

/** Only a good (freshly scanned) reading can satisfy a wait: a stale value may be long gone. */
export function readingHolds(
  devices: DevicePort,
  ref: CommandRef,
  operator: WaitConditionOperator,
  expected: number,
): boolean {
  const reading = devices.read(ref);
  return (
    reading?.quality === 'good' &&
    reading.value !== null &&
    compare(reading.value, operator, expected)
  );
}

export function waitHolds(devices: DevicePort, wait: WaitDevice): boolean {
  return readingHolds(devices, waitRef(wait), wait.condition, wait.command_value);
}

/** wait_finish: the PLC feedback of the written command shows the value. */
export function feedbackShows(devices: DevicePort, ref: CommandRef, value: number): boolean {
  return readingHolds(devices, devices.feedbackOf(ref), '=', value);
}
