import type { DeviceCommand } from '@roastery/contract';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatAmount(value: number, unit?: string): string {
  const text = numberFormat.format(value);
  return unit ? `${text} ${unit}` : text;
}

const UNKNOWN_VALUE = 'Unknown';

/** A command's value with its unit; a value the PLC does not report is unknown. */
export function formatCommandValue(command: DeviceCommand): string {
  return command.value === null ? UNKNOWN_VALUE : formatAmount(command.value, command.unit);
}
