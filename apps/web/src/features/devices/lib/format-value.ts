import type { DeviceCommand } from '@roastery/contract';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatAmount(value: number, unit?: string): string {
  const text = numberFormat.format(value);
  return unit ? `${text} ${unit}` : text;
}

/** A command's value with its unit; a value the PLC has not reported shows as a dash. */
export function formatCommandValue(command: DeviceCommand): string {
  return command.value === null ? '—' : formatAmount(command.value, command.unit);
}
