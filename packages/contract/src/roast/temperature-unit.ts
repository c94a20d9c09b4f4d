/**
 * The plant's temperature unit (the 'r-temperature-unit' setting) and the one conversion every
 * screen, export and import goes through. The PLC's registers, the database and the API stay in
 * °F whatever the setting says (docs/decisions/0045-temperatures-stored-in-fahrenheit.md): a
 * temperature is converted where a person reads or types it, and nowhere else.
 */

export const TEMPERATURE_UNITS = ['F', 'C'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

/** The plant's unit until an administrator chooses another. */
export const DEFAULT_TEMPERATURE_UNIT: TemperatureUnit = 'F';

/** The setting's stored value as a unit: anything but 'C' reads as the default, °F. */
export const temperatureUnitOf = (value: string | null | undefined): TemperatureUnit =>
  value === 'C' ? 'C' : DEFAULT_TEMPERATURE_UNIT;

/** '°F' or '°C'. */
export const temperatureSymbol = (unit: TemperatureUnit): string => (unit === 'C' ? '°C' : '°F');

/** A rate of rise's unit: '°F/min' or '°C/min'. */
export const rateSymbol = (unit: TemperatureUnit): string => `${temperatureSymbol(unit)}/min`;

/** An absolute temperature from one unit to the other (32 °F is 0 °C). */
export function convertTemperature(
  value: number,
  from: TemperatureUnit,
  to: TemperatureUnit,
): number {
  if (from === to) return value;
  return to === 'F' ? (value * 9) / 5 + 32 : ((value - 32) * 5) / 9;
}

/** A stored temperature (°F) in the plant's unit. */
export const toUnit = (valueF: number, unit: TemperatureUnit): number =>
  convertTemperature(valueF, 'F', unit);

/** A temperature in the plant's unit as it is stored, °F. */
export const fromUnit = (value: number, unit: TemperatureUnit): number =>
  convertTemperature(value, unit, 'F');

/**
 * A difference of temperatures (a rate of rise per minute, a band either side of a curve, a
 * deviation, a standard deviation) in the plant's unit: scaled by 5/9, without the 32 offset
 * that only an absolute temperature carries.
 */
export const deltaToUnit = (deltaF: number, unit: TemperatureUnit): number =>
  unit === 'C' ? (deltaF * 5) / 9 : deltaF;

/** A difference of temperatures in the plant's unit as °F. */
export const deltaFromUnit = (delta: number, unit: TemperatureUnit): number =>
  unit === 'C' ? (delta * 9) / 5 : delta;

/** A stored temperature with its unit: '420.0 °F', or '215.6 °C' for the same. */
export const formatTemperature = (valueF: number, unit: TemperatureUnit, digits = 1): string =>
  `${toUnit(valueF, unit).toFixed(digits)} ${temperatureSymbol(unit)}`;

/** A difference of temperatures with its unit: a 9 °F deviation is '5.0 °C'. */
export const formatTemperatureDelta = (deltaF: number, unit: TemperatureUnit, digits = 1): string =>
  `${deltaToUnit(deltaF, unit).toFixed(digits)} ${temperatureSymbol(unit)}`;

/** A rate of rise with its unit: '18.0 °F/min', or '10.0 °C/min' for the same. */
export const formatRateOfRise = (rateF: number, unit: TemperatureUnit, digits = 1): string =>
  `${deltaToUnit(rateF, unit).toFixed(digits)} ${rateSymbol(unit)}`;

/**
 * A temperature a person typed in the plant's unit, as it is stored: to the tenth of a degree
 * the PLC's registers hold when typed in °C, as typed in °F.
 */
export const enteredTemperatureF = (value: number, unit: TemperatureUnit): number =>
  unit === 'F' ? value : Math.round(fromUnit(value, unit) * 10) / 10;

/** A tag's engineering unit (the address map's '°F', 'lbs', '%') as the plant reads it. */
export const plantUnitOf = (tagUnit: string, unit: TemperatureUnit): string =>
  tagUnit === '°F' ? temperatureSymbol(unit) : tagUnit;

/**
 * A value in a tag's engineering unit as the plant reads it: a °F value in the plant's unit,
 * any other as it is.
 */
export function inPlantUnit(
  value: number,
  tagUnit: string,
  unit: TemperatureUnit,
): { value: number; unit: string } {
  return {
    value: tagUnit === '°F' ? toUnit(value, unit) : value,
    unit: plantUnitOf(tagUnit, unit),
  };
}
