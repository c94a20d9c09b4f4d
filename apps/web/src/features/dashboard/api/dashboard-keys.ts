/** Every dashboard query sits under dashboardKeys.all, so one invalidation refreshes them. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** What the plant's state derives: refreshed (throttled) on every plant event. */
  plant: () => [...dashboardKeys.all, 'plant'] as const,
  overview: () => [...dashboardKeys.plant(), 'overview'] as const,
  systemStatus: () => [...dashboardKeys.plant(), 'system-status'] as const,
  waitingDevices: () => [...dashboardKeys.plant(), 'waiting-devices'] as const,
  siloPrompts: () => [...dashboardKeys.all, 'silo-prompts'] as const,
  waitingDumps: () => [...dashboardKeys.all, 'waiting-dumps'] as const,
  dumpErrors: () => [...dashboardKeys.all, 'dump-errors'] as const,
};

/** The spec polls the dashboard's popups every 10 s; live events refresh them sooner. */
export const POPUP_POLL_MS = 10_000;
/** The spec refreshes the dashboard every 10 s; live events refresh it sooner. */
export const DASHBOARD_POLL_MS = 10_000;
/** The spec polls the waiting devices every 3 s (the system status: src/lib/get-system-status.ts). */
export const STATUS_POLL_MS = 3_000;
