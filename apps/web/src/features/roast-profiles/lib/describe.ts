import type { RoastProfileVersion } from '@roastery/contract';

/** Where a version's curve came from. */
export const describeSource = (source: RoastProfileVersion['source']): string =>
  source.kind === 'alog' ? `Artisan file ${source.file_name ?? ''}`.trim() : 'Typed in';
