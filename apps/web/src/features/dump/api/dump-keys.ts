import type { DumpTargetType } from '@roastery/contract';

/** The statuses GET /api/dump filters by; 'finished' means completed or closed. */
export type DumpListStatus = 'acknowledged' | 'failed' | 'finished';

/** Every dump query sits under dumpKeys.all, so one invalidation refreshes the whole screen. */
export const dumpKeys = {
  all: ['dumps'] as const,
  pending: () => [...dumpKeys.all, 'pending'] as const,
  list: (status: DumpListStatus) => [...dumpKeys.all, 'list', status] as const,
  popup: () => [...dumpKeys.all, 'popup'] as const,
  workflows: () => [...dumpKeys.all, 'workflows'] as const,
  targets: (beanId: number, amount: number, type: DumpTargetType) =>
    [...dumpKeys.all, 'targets', beanId, amount, type] as const,
};
