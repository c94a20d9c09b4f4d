import { inPlantUnit, type DeviceCommand, type TemperatureUnit } from '@roastery/contract';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatAmount(value: number, unit?: string): string {
  const text = numberFormat.format(value);
  return unit ? `${text} ${unit}` : text;
}

const UNKNOWN_VALUE = 'Unknown';

/**
 * A command's value with its unit, a temperature in the plant's; a value the PLC does not
 * report is unknown.
 */
export function formatCommandValue(command: DeviceCommand, unit: TemperatureUnit): string {
  if (command.value === null) return UNKNOWN_VALUE;
  const shown = inPlantUnit(command.value, command.unit, unit);
  return formatAmount(shown.value, shown.unit);
}
