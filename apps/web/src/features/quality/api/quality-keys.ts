import type { LotQualityStatus } from '@roastery/contract';

/** Every quality query sits under one key, so a result or a signature refreshes the list too. */
export const qualityKeys = {
  all: ['quality'] as const,
  lots: (status: LotQualityStatus | undefined) =>
    [...qualityKeys.all, 'lots', status ?? 'all'] as const,
  lot: (lotId: number) => [...qualityKeys.all, 'lot', lotId] as const,
};
