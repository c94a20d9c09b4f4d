import {
  deltaToUnit,
  rateSymbol,
  temperatureSymbol,
  toUnit,
  type EndCondition,
  type TemperatureUnit,
} from '@roastery/contract';

/**
 * An alarm's or a notice's text in the plant's temperature unit. The figures stay °F until then
 * (ADR 0045): the text is worded when it is raised, in the unit the plant reads at that moment.
 */
export type Wording = (unit: TemperatureUnit) => string;

export const tenths = (n: number) => Math.round(n * 10) / 10;

/** Seconds of a roast as its clock shows them, 5:12. */
export const clock = (s: number) =>
  `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** A temperature (°F) in the plant's unit, to the tenth: '420 °F', '215.6 °C'. */
export const degrees = (f: number, unit: TemperatureUnit) =>
  `${tenths(toUnit(f, unit))} ${temperatureSymbol(unit)}`;

/** A difference of temperatures (°F): without the 32 offset in °C, '9 °F', '5 °C'. */
export const degreesApart = (f: number, unit: TemperatureUnit) =>
  `${tenths(deltaToUnit(f, unit))} ${temperatureSymbol(unit)}`;

/** A rate of rise (°F/min) as a bare number in the plant's unit; `rateUnit` names its unit. */
export const rate = (fPerMin: number, unit: TemperatureUnit) => tenths(deltaToUnit(fPerMin, unit));

export const rateUnit = rateSymbol;

/** A profile's end condition as an operator reads it: 'drop temperature 420 °F'. */
export function endText(end: EndCondition, unit: TemperatureUnit): string {
  switch (end.kind) {
    case 'drop_temperature':
      return `drop temperature ${degrees(end.value, unit)}`;
    case 'time_after_first_crack':
      return `${clock(end.value)} after first crack`;
    case 'development_ratio':
      return `development ratio ${end.value} %`;
    case 'total_time':
      return `total time ${clock(end.value)}`;
  }
}
