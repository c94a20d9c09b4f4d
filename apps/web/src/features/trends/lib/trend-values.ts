/** How a tag's values read: coils as On and Off, numbers with their unit. */

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A coil is named by its key's kind: `R1/binary/3`. */
export function isCoil(key: string): boolean {
  return key.split('/')[1] === 'binary';
}

export function formatTrendValue(value: number, unit: string, coil: boolean): string {
  if (coil) return value >= 0.5 ? 'On' : 'Off';
  const text = numberFormat.format(value);
  return unit ? `${text} ${unit}` : text;
}

/** The y-axis a tag is drawn on: one per unit, coils on their own. */
export function axisKeyOf(unit: string, coil: boolean): string {
  return coil ? 'on-off' : unit;
}

/** The axis's name as printed at its top. */
export function axisName(axisKey: string): string {
  if (axisKey === 'on-off') return 'On/Off';
  return axisKey === '' ? 'Value' : axisKey;
}
