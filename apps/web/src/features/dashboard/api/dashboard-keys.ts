/** Every dashboard popup query sits under dashboardKeys.all, so one invalidation refreshes them. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  siloPrompts: () => [...dashboardKeys.all, 'silo-prompts'] as const,
  waitingDumps: () => [...dashboardKeys.all, 'waiting-dumps'] as const,
  dumpErrors: () => [...dashboardKeys.all, 'dump-errors'] as const,
};

/** The spec polls the dashboard's popups every 10 s; live events refresh them sooner. */
export const POPUP_POLL_MS = 10_000;
