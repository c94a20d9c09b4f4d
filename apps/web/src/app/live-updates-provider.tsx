import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  DeviceDetail,
  DeviceSummary,
  LiveEvent,
  Notification,
  SiloStat,
} from '@roastery/contract';
import { useFeedback } from '../components/feedback.tsx';
import { dashboardKeys } from '../features/dashboard/api/dashboard-keys.ts';
import {
  applyEventToDetail,
  applyEventToList,
  listNeedsRefetch,
  type DeviceEvent,
} from '../features/devices/api/device-cache-patch.ts';
import { deviceDetailQueryKey } from '../features/devices/api/get-device-detail.ts';
import { dumpKeys } from '../features/dump/api/dump-keys.ts';
import { healthKeys } from '../features/health/api/health-keys.ts';
import { notificationsQueryKey } from '../features/notifications/api/get-active-notifications.ts';
import { orderKeys } from '../features/orders/api/order-keys.ts';
import { transferKeys } from '../features/transfer/api/transfer-keys.ts';
import { workflowKeys } from '../features/workflows/api/workflow-keys.ts';
import { allDevicesQueryKey, deviceListQueryKey } from '../lib/get-device-list.ts';
import { siloStatsQueryKey } from '../lib/get-silo-stats.ts';
import { settingsQueryKey } from '../lib/get-setting.ts';
import { LiveSequence } from '../lib/live-sequence.ts';
import { LiveStatusContext, type LiveStatus } from '../lib/live-status.ts';
import { connectSharedLiveEvents } from '../lib/shared-live-events.ts';

/**
 * Refreshes that events ask for (a notification, a dump, what the server derives from a value)
 * are gathered for this long, so a burst costs the server one refetch. Values never wait: they
 * are written into the cache as they arrive.
 */
const BATCH_MS = 200;
/** Only a notification raised this recently is announced; older ones are news to nobody. */
const ANNOUNCE_WITHIN_S = 30;
/** A filling silo reports its level on every scan; its table refreshes at most this often. */
const SILO_REFRESH_MS = 1_000;
/**
 * The dashboard derives device states, stages and waits from every kind of event; it refreshes
 * at most this often however busy the plant is (its 10 s poll is the fallback).
 */
const DASHBOARD_REFRESH_MS = 2_000;

/** Refreshes one query at most once per `ms`: at once if it was refreshed long enough ago, else once at the end of the wait. */
function throttledRefresh(queryClient: QueryClient, queryKey: readonly unknown[], ms: number) {
  let timer: number | undefined;
  let refreshedAt = 0;
  return {
    request() {
      if (timer !== undefined) return;
      const wait = Math.max(0, refreshedAt + ms - Date.now());
      timer = window.setTimeout(() => {
        timer = undefined;
        refreshedAt = Date.now();
        void queryClient.invalidateQueries({ queryKey });
      }, wait);
    },
    dispose() {
      window.clearTimeout(timer);
    },
  };
}

/** Collects what events made out of date and refreshes it in one go per batch. */
function createInvalidator(queryClient: QueryClient) {
  const devices = new Set<string>();
  let deviceList = false;
  let notifications = false;
  let stock = false;
  let orders = false;
  let resync = false;
  let timer: number | undefined;
  const silos = throttledRefresh(queryClient, siloStatsQueryKey, SILO_REFRESH_MS);
  const dashboard = throttledRefresh(queryClient, dashboardKeys.plant(), DASHBOARD_REFRESH_MS);

  const invalidateStock = () => {
    void queryClient.invalidateQueries({ queryKey: transferKeys.all });
    void queryClient.invalidateQueries({ queryKey: dumpKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };
  const everything = () => {
    void queryClient.invalidateQueries({ queryKey: allDevicesQueryKey });
    void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    void queryClient.invalidateQueries({ queryKey: siloStatsQueryKey });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    invalidateStock();
  };
  const flush = () => {
    timer = undefined;
    if (resync) everything();
    else if (deviceList) void queryClient.invalidateQueries({ queryKey: deviceListQueryKey });
    if (!resync) {
      for (const code of devices) {
        void queryClient.invalidateQueries({ queryKey: deviceDetailQueryKey(code) });
      }
      if (notifications) void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      if (stock) invalidateStock();
      if (orders) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    }
    devices.clear();
    deviceList = false;
    notifications = false;
    stock = false;
    orders = false;
    resync = false;
  };
  const schedule = () => {
    timer ??= window.setTimeout(flush, BATCH_MS);
  };

  return {
    device(code: string) {
      devices.add(code);
      schedule();
    },
    deviceList() {
      deviceList = true;
      schedule();
    },
    notifications() {
      notifications = true;
      schedule();
    },
    /** Transfers, dumps and the dashboard's prompts about them. */
    stock() {
      stock = true;
      schedule();
    },
    /** The order tabs: lists, boards and the system status. */
    orders() {
      orders = true;
      schedule();
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
      window.clearTimeout(timer);
      silos.dispose();
      dashboard.dispose();
    },
  };
}

/**
 * Writes a device event into the cached detail and list, and asks for a refetch only of what
 * the server derives from tables the browser does not hold.
 */
function applyDeviceEvent(
  queryClient: QueryClient,
  invalidate: ReturnType<typeof createInvalidator>,
  event: DeviceEvent,
) {
  const detailKey = deviceDetailQueryKey(event.device_id);
  const before = queryClient.getQueryData<DeviceDetail>(detailKey)?.quality;
  const after = queryClient.setQueryData<DeviceDetail>(
    detailKey,
    (detail) => detail && applyEventToDetail(detail, event),
  )?.quality;
  // Since when values are not live is the server's to say.
  if (event.change === 'alarm' || event.change === 'status' || before !== after) {
    invalidate.device(event.device_id);
  }
  const list = queryClient.getQueryData<DeviceSummary[]>(deviceListQueryKey);
  if (!list) return;
  if (listNeedsRefetch(list, event)) invalidate.deviceList();
  queryClient.setQueryData<DeviceSummary[]>(deviceListQueryKey, applyEventToList(list, event));
}

function isFreshAlarm(notification: Notification): boolean {
  return (
    notification.type === 'alarm' &&
    // Shelved, suppressed and out-of-service alarms are recorded, not announced (ISA-18.2).
    notification.state === 'unacknowledged' &&
    notification.clearedAt === null &&
    notification.timeDiff <= ANNOUNCE_WITHIN_S
  );
}

interface LiveUpdatesProviderProps {
  /** The signed-in user, whose tabs in this browser share one stream. */
  userId: number | undefined;
  /** Whether this user is shown plant alerts (the bell); others get no alarm toasts. */
  announceAlarms: boolean;
  children: ReactNode;
}

/**
 * Owns the tab's plant events, from the stream its user's tabs in this browser share: it
 * refreshes the queries each event touches, announces new alarms and tells every screen whether
 * data is live.
 */
export function LiveUpdatesProvider({
  userId,
  announceAlarms,
  children,
}: LiveUpdatesProviderProps) {
  const queryClient = useQueryClient();
  const { notification: notify } = useFeedback();
  const [status, setStatus] = useState<LiveStatus>({
    connection: 'connecting',
    plc: 'unknown',
    plcError: null,
    plcNotLiveSince: null,
    refusal: null,
  });
  const announced = useRef(new Set<number>());

  useEffect(() => {
    const invalidate = createInvalidator(queryClient);
    // A silo's level is an input; only a silo in the table (once loaded) needs refreshing.
    const isSilo = (code: string) =>
      queryClient.getQueryData<SiloStat[]>(siloStatsQueryKey)?.some((silo) => silo.id === code) ??
      false;
    const sequence = new LiveSequence();
    const onEvent = (event: LiveEvent) => {
      if (sequence.gapBefore(event.seq)) invalidate.resync();
      switch (event.type) {
        case 'device':
          applyDeviceEvent(queryClient, invalidate, event);
          // A device that starts, stops, changes mode or trips changes the flows and stages.
          invalidate.dashboard();
          if (event.change === 'alarm') invalidate.notifications();
          if (
            ((event.change === 'value' && event.command_kind === 'input') ||
              event.change === 'quality') &&
            isSilo(event.device_id)
          ) {
            invalidate.silos();
          }
          return;
        case 'notification':
          invalidate.notifications();
          if (
            announceAlarms &&
            isFreshAlarm(event.notification) &&
            !announced.current.has(event.notification.id)
          ) {
            announced.current.add(event.notification.id);
            notify.error({
              title: event.notification.device_id
                ? `Alarm on ${event.notification.device_id}`
                : 'Plant alarm',
              description: event.notification.text,
            });
          }
          return;
        case 'notifications-acknowledged':
        case 'alarm-flood':
          invalidate.notifications();
          return;
        case 'workflow':
          void queryClient.invalidateQueries({ queryKey: workflowKeys.run(event.workflow_id) });
          // The dump screen follows each step of the dumping workflows.
          void queryClient.invalidateQueries({ queryKey: dumpKeys.all });
          // A moving or dumping run that starts or ends moves its transfer or dump on, and a
          // failed one raises a dashboard prompt.
          if (event.change === 'state') invalidate.stock();
          // A run that starts a wait, or ends one, changes the waiting devices.
          invalidate.dashboard();
          return;
        case 'inventory':
          invalidate.stock();
          invalidate.silos();
          // The device screens show what the ledger says each silo holds.
          if (event.change === 'ledger') invalidate.deviceList();
          return;
        case 'setting':
          // A setting takes effect at once on every screen that reads it.
          void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
          return;
        case 'service':
          void queryClient.invalidateQueries({ queryKey: healthKeys.all });
          return;
        case 'plc':
          setStatus((current) => ({
            ...current,
            plc: event.state === 'connected' ? 'connected' : 'down',
            plcError: event.state === 'connected' ? null : event.error,
            plcNotLiveSince: event.not_live_since,
          }));
          invalidate.everything();
          return;
        case 'order':
          invalidate.orders();
          // A batch that starts or ends moves beans; an order that starts, pauses, runs a batch
          // or ends changes the dashboard's flows.
          if (event.change === 'batch' || event.change === 'status') invalidate.stock();
          invalidate.dashboard();
      }
    };
    const stop = connectSharedLiveEvents(userId, {
      onEvent,
      onConnection: (connection, refusal) => {
        setStatus((current) => ({ ...current, connection, refusal: refusal ?? null }));
        // Events may have been missed while the stream was down.
        if (connection === 'live') {
          sequence.reset();
          invalidate.everything();
        }
      },
    });
    return () => {
      stop();
      invalidate.dispose();
    };
  }, [queryClient, notify, announceAlarms, userId]);

  return <LiveStatusContext value={status}>{children}</LiveStatusContext>;
}
