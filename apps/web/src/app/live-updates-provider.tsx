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
import { patchCached } from '../lib/patch-cached.ts';
import { connectSharedLiveEvents } from '../lib/shared-live-events.ts';
import {
  createLiveInvalidator,
  type LiveInvalidator,
  type LiveQueryKeys,
} from './live-invalidator.ts';

const liveQueryKeys: LiveQueryKeys = {
  deviceDetail: deviceDetailQueryKey,
  deviceList: deviceListQueryKey,
  allDevices: allDevicesQueryKey,
  notifications: notificationsQueryKey,
  siloStats: siloStatsQueryKey,
  orders: orderKeys.all,
  stock: [transferKeys.all, dumpKeys.all, dashboardKeys.all],
  dashboardPlant: dashboardKeys.plant(),
};

/** Only a notification raised this recently is announced; older ones are news to nobody. */
const ANNOUNCE_WITHIN_S = 30;

/**
 * Writes a device event into the cached detail and list, and asks for a refetch only of what
 * the server derives from tables the browser does not hold.
 */
function applyDeviceEvent(
  queryClient: QueryClient,
  invalidate: LiveInvalidator,
  event: DeviceEvent,
) {
  const detailKey = deviceDetailQueryKey(event.device_id);
  const before = queryClient.getQueryData<DeviceDetail>(detailKey)?.quality;
  const after = patchCached<DeviceDetail>(queryClient, detailKey, (detail) =>
    applyEventToDetail(detail, event),
  )?.quality;
  // Since when values are not live is the server's to say.
  if (event.change === 'alarm' || event.change === 'status' || before !== after) {
    invalidate.device(event.device_id);
  }
  const list = queryClient.getQueryData<DeviceSummary[]>(deviceListQueryKey);
  if (!list) return;
  if (listNeedsRefetch(list, event)) invalidate.deviceList();
  patchCached<DeviceSummary[]>(queryClient, deviceListQueryKey, (rows) =>
    applyEventToList(rows, event),
  );
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
    const invalidate = createLiveInvalidator(queryClient, liveQueryKeys);
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
