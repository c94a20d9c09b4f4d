import type { RoastRecordListQuery } from '@roastery/contract';

/** Every roast-record query sits under one key, so a saved mark or note refreshes them all. */
export const roastRecordKeys = {
  all: ['roast-records'] as const,
  list: (filters: RoastRecordFilters) => [...roastRecordKeys.all, 'list', filters] as const,
  detail: (id: number) => [...roastRecordKeys.all, 'detail', id] as const,
  ofBatch: (batchId: number) => [...roastRecordKeys.all, 'batch', batchId] as const,
};

/** The list's filters as the screen holds them; the server's limit is left at its default. */
export type RoastRecordFilters = Partial<Omit<RoastRecordListQuery, 'limit'>>;
