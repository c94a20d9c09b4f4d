import {
  deltaFromUnit,
  deltaToUnit,
  enteredTemperatureF,
  temperatureSymbol,
  toUnit,
  type TemperatureUnit,
} from '@roastery/contract';

/**
 * What a field's temperature is: a reading ('absolute', 32 °F is 0 °C) or how far apart two are
 * (a 'difference' such as a band, 9 °F being 5 °C): only a reading carries the 32 offset.
 */
export type TemperatureKind = 'absolute' | 'difference';

const tenth = (value: number) => Math.round(value * 10) / 10;

const inUnit = (valueF: number, unit: TemperatureUnit, kind: TemperatureKind): number =>
  kind === 'absolute' ? toUnit(valueF, unit) : deltaToUnit(valueF, unit);

/** A typed value as °F, to the tenth of a degree the PLC's registers hold when typed in °C. */
const typedF = (value: number, unit: TemperatureUnit, kind: TemperatureKind): number =>
  kind === 'absolute' || unit === 'F'
    ? enteredTemperatureF(value, unit)
    : tenth(deltaFromUnit(value, unit));

/**
 * A stored temperature as its field shows it: as stored in °F, to the tenth in °C (a field
 * holding 148.88888888888889 is no use to anyone).
 */
export const shownTemperature = (
  valueF: number,
  unit: TemperatureUnit,
  kind: TemperatureKind = 'absolute',
): number => (unit === 'F' ? valueF : tenth(inUnit(valueF, unit, kind)));

/**
 * A field's temperature as it is saved, °F: the stored value it was shown from when it still
 * reads as shown (a profile saved again in °C keeps the °F it had), else what was typed.
 */
export function keptTemperature(
  value: number,
  unit: TemperatureUnit,
  previousF: number | undefined,
  kind: TemperatureKind = 'absolute',
): number {
  if (previousF !== undefined && shownTemperature(previousF, unit, kind) === value) {
    return previousF;
  }
  return typedF(value, unit, kind);
}

export interface TemperatureLimit {
  min: number;
  max: number;
  message: string;
}

const bound = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * A contract's °F limit as a field in the plant's unit checks it: its bounds rounded inwards to
 * the tenth, so that what the field lets through the server takes, and its message in the unit.
 */
export function limitInUnit(
  limit: TemperatureLimit,
  unit: TemperatureUnit,
  kind: TemperatureKind = 'absolute',
): TemperatureLimit {
  if (unit === 'F') return limit;
  const min = Math.ceil(inUnit(limit.min, unit, kind) * 10) / 10;
  const max = Math.floor(inUnit(limit.max, unit, kind) * 10) / 10;
  return {
    min,
    max,
    message: limit.message.replace(
      /between [\d,.]+ and [\d,.]+ °F/,
      `between ${bound.format(min)} and ${bound.format(max)} ${temperatureSymbol(unit)}`,
    ),
  };
}
