import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Refreshes that events ask for (a notification, a dump, what the server derives from a value)
 * are gathered for this long, so a burst costs the server one refetch. Values never wait: they
 * are written into the cache as they arrive.
 */
export const BATCH_MS = 200;
/** A filling silo reports its level on every scan; its table refreshes at most this often. */
const SILO_REFRESH_MS = 1_000;
/**
 * The dashboard derives device states, stages and waits from every kind of event; it refreshes
 * at most this often however busy the plant is (its 10 s poll is the fallback).
 */
const DASHBOARD_REFRESH_MS = 2_000;

/**
 * Refreshes the queries under a key that are not being fetched, and gives back the keys of those
 * that are, to be refreshed once their fetch ends. Refreshing a query cancels its fetch under way
 * and starts another: on a busy plant, events every batch would restart a slow fetch for ever,
 * and a device just added would never reach its list. A fetch under way may have read its rows
 * before the event, so it is refreshed again after, not forgotten.
 */
function refreshIdle(queryClient: QueryClient, queryKey: QueryKey): QueryKey[] {
  const busy = queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' });
  void queryClient.invalidateQueries({
    queryKey,
    predicate: (query) => query.state.fetchStatus !== 'fetching',
  });
  return busy.map((query) => query.queryKey);
}

/** Refreshes one query at most once per `ms`: at once if it was refreshed long enough ago, else once at the end of the wait. */
function throttledRefresh(queryClient: QueryClient, queryKey: QueryKey, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshedAt = 0;
  const request = () => {
    if (timer !== undefined) return;
    const wait = Math.max(0, refreshedAt + ms - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      refreshedAt = Date.now();
      if (refreshIdle(queryClient, queryKey).length > 0) request();
    }, wait);
  };
  return {
    request,
    dispose() {
      clearTimeout(timer);
    },
  };
}

/** The queries the stream keeps fresh, by what events say changed. */
export interface LiveQueryKeys {
  deviceDetail: (code: string) => QueryKey;
  deviceList: QueryKey;
  /** Every device query: the list and every detail. */
  allDevices: QueryKey;
  notifications: QueryKey;
  siloStats: QueryKey;
  orders: QueryKey;
  /** Transfers, dumps and the dashboard's prompts about them. */
  stock: QueryKey[];
  dashboardPlant: QueryKey;
}

export type LiveInvalidator = ReturnType<typeof createLiveInvalidator>;

/**
 * Collects what events made out of date and refreshes it in one go per batch; what is being
 * fetched when its batch ends waits for the next.
 */
export function createLiveInvalidator(queryClient: QueryClient, keys: LiveQueryKeys) {
  const pending = new Map<string, QueryKey>();
  let resync = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silos = throttledRefresh(queryClient, keys.siloStats, SILO_REFRESH_MS);
  const dashboard = throttledRefresh(queryClient, keys.dashboardPlant, DASHBOARD_REFRESH_MS);

  const everything = () => {
    for (const queryKey of [
      keys.allDevices,
      keys.notifications,
      keys.siloStats,
      keys.orders,
      ...keys.stock,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  const flush = () => {
    timer = undefined;
    const batch = [...pending.values()];
    pending.clear();
    if (resync) {
      resync = false;
      everything();
      return;
    }
    for (const queryKey of batch) {
      for (const busy of refreshIdle(queryClient, queryKey)) later(busy);
    }
    if (pending.size > 0) schedule();
  };
  const schedule = () => {
    timer ??= setTimeout(flush, BATCH_MS);
  };
  const later = (queryKey: QueryKey) => pending.set(JSON.stringify(queryKey), queryKey);
  const request = (...queryKeys: QueryKey[]) => {
    queryKeys.forEach(later);
    schedule();
  };

  return {
    device(code: string) {
      request(keys.deviceDetail(code));
    },
    deviceList() {
      request(keys.deviceList);
    },
    notifications() {
      request(keys.notifications);
    },
    /** Transfers, dumps and the dashboard's prompts about them. */
    stock() {
      request(...keys.stock);
    },
    /** The order tabs: lists, boards and the system status. */
    orders() {
      request(keys.orders);
    },
    silos: silos.request,
    /** The dashboard's tiles, flows, waits and system status. */
    dashboard: dashboard.request,
    everything,
    /** Events were missed: everything the stream keeps fresh, once however many were. */
    resync() {
      resync = true;
      schedule();
    },
    dispose() {
      clearTimeout(timer);
      silos.dispose();
      dashboard.dispose();
    },
  };
}
