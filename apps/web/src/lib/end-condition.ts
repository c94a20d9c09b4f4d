import {
  endConditionLabels,
  temperatureSymbol,
  toUnit,
  type EndCondition,
  type TemperatureUnit,
} from '@roastery/contract';

type EndKind = EndCondition['kind'];

const figures = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A figure to a tenth at most, as the profiles state temperatures and batches: 428.5. */
export const formatFigure = (value: number): string => figures.format(value);

/** An end's label with its unit, a drop temperature's in the plant's: 'Drop temperature (°C)'. */
export const endConditionLabel = (kind: EndKind, unit: TemperatureUnit): string =>
  endConditionLabels[kind].replace('°F', temperatureSymbol(unit));

/** An end's value as a person reads and types it: a drop temperature in the plant's unit. */
export const endValueInUnit = (kind: EndKind, value: number, unit: TemperatureUnit): number =>
  kind === 'drop_temperature' ? toUnit(value, unit) : value;

/** When the roast ends, in words: 'Drop temperature (°C): 220'. */
export const describeEnd = (end: EndCondition, unit: TemperatureUnit): string =>
  `${endConditionLabel(end.kind, unit)}: ${formatFigure(endValueInUnit(end.kind, end.value, unit))}`;

/** When the roast ends, in a sentence: 'drop temperature 220 °C', 'total time 720 s'. */
export function endInWords(end: EndCondition, unit: TemperatureUnit): string {
  const what = endConditionLabels[end.kind].replace(/ \(.*\)$/, '').toLowerCase();
  const value = formatFigure(endValueInUnit(end.kind, end.value, unit));
  if (end.kind === 'drop_temperature') return `${what} ${value} ${temperatureSymbol(unit)}`;
  return `${what} ${value}${end.kind === 'development_ratio' ? ' %' : ' s'}`;
}
