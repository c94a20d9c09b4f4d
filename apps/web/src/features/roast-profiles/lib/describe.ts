import {
  endConditionLabels,
  type EndCondition,
  type RoastProfileVersion,
} from '@roastery/contract';

const figures = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A figure to a tenth at most, as the profiles state temperatures and batches: 428.5. */
export const formatFigure = (value: number): string => figures.format(value);

/** When the roast ends, in words: 'Drop temperature (°F): 428'. */
export const describeEnd = (end: EndCondition): string =>
  `${endConditionLabels[end.kind]}: ${formatFigure(end.value)}`;

/** Where a version's curve came from. */
export const describeSource = (source: RoastProfileVersion['source']): string =>
  source.kind === 'alog' ? `Artisan file ${source.file_name ?? ''}`.trim() : 'Typed in';
