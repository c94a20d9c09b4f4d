/** The lists GET /api/transfer filters by; 'completed' holds completed and failed transfers. */
export type TransferListStatus = 'pending' | 'completed';

/** Every transfer query sits under transferKeys.all, so one invalidation refreshes the screen. */
export const transferKeys = {
  all: ['transfers'] as const,
  list: (status: TransferListStatus) => [...transferKeys.all, 'list', status] as const,
  bins: () => [...transferKeys.all, 'bins'] as const,
};
