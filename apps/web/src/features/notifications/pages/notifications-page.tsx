import { useState, type ComponentType } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Drawer from 'antd/es/drawer';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { CheckSquareOutlined, ToolOutlined } from '@ant-design/icons';
import { alarmState, type AlarmState, type Notification } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAcknowledgeAllNotifications } from '../api/acknowledge-all-notifications.ts';
import { useAcknowledgeNotification } from '../api/acknowledge-notification.ts';
import {
  useAlarmSettings,
  useRemoveFromService,
  useReturnToService,
} from '../api/alarm-sources.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useShelveAlarm, useUnshelveAlarm } from '../api/shelve-alarm.ts';
import { AlarmSourcesDrawer } from '../components/alarm-sources-drawer.tsx';
import { alarmStateLabel } from '../components/alarm-state-tag.tsx';
import { NotificationsTable } from '../components/notifications-table.tsx';
import { OutOfServiceModal } from '../components/out-of-service-modal.tsx';
import { ShelveAlarmModal } from '../components/shelve-alarm-modal.tsx';

/** The spec's width of the device details drawer. */
const DRAWER_WIDTH = 850;
const DEFAULT_PAGE_SIZE = 20;
const ALL_STATES = 'all';
const stateOptions = [
  { value: ALL_STATES, label: 'All states' },
  ...alarmState.options.map((state) => ({
    value: state,
    label: alarmStateLabel({ state, shelvedUntil: null }),
  })),
];

interface NotificationsPageProps {
  /** The device detail shown in the drawer; the app layer provides it from the devices feature. */
  DeviceDetail: ComponentType<{ code: string }>;
}

export function NotificationsPage({ DeviceDetail }: NotificationsPageProps) {
  const [pageQuery, setPageQuery] = useState<{
    page: number;
    limit: number;
    state?: AlarmState;
  }>({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const [deviceCode, setDeviceCode] = useState<string>();
  const [shelving, setShelving] = useState<Notification>();
  const [removing, setRemoving] = useState<Notification>();
  const [sourcesOpen, setSourcesOpen] = useState(false);
  const list = useNotifications(pageQuery);
  const acknowledge = useAcknowledgeNotification();
  const acknowledgeAll = useAcknowledgeAllNotifications();
  const shelve = useShelveAlarm();
  const unshelve = useUnshelveAlarm();
  const removeFromService = useRemoveFromService();
  const returnToService = useReturnToService();
  const settings = useAlarmSettings();
  const { message, notification } = useFeedback();
  const showError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const onAcknowledge = (item: Notification) =>
    acknowledge.mutate(item.id, {
      onSuccess: () => void message.success('Notification acknowledged'),
      onError: showError,
    });

  const onAcknowledgeAll = () =>
    acknowledgeAll.mutate(undefined, {
      onSuccess: (reply) => void message.success(reply.message),
      onError: showError,
    });

  const onShelve = (values: { minutes: number; reason: string }) => {
    if (!shelving) return;
    shelve.mutate(
      { id: shelving.id, ...values },
      {
        onSuccess: (alarm) => {
          setShelving(undefined);
          void message.success(alarmStateLabel(alarm));
        },
        onError: showError,
      },
    );
  };

  const onRemoveFromService = ({ reason }: { reason: string }) => {
    if (!removing?.source) return;
    removeFromService.mutate(
      { source: removing.source, reason },
      {
        onSuccess: (reply) => {
          setRemoving(undefined);
          void message.success(reply.message);
        },
        onError: showError,
      },
    );
  };

  const busyId = unshelve.isPending
    ? unshelve.variables
    : returnToService.isPending
      ? list.data?.data.find((n) => n.source === returnToService.variables)?.id
      : undefined;

  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle="Alarms, warnings and other messages from the plant, newest first."
        actions={
          <Space wrap>
            <Button icon={<ToolOutlined />} onClick={() => setSourcesOpen(true)}>
              Sources out of service
            </Button>
            <Button
              type="primary"
              icon={<CheckSquareOutlined />}
              loading={acknowledgeAll.isPending}
              onClick={onAcknowledgeAll}
            >
              Acknowledge All
            </Button>
          </Space>
        }
      />
      <Card
        extra={
          <Select
            aria-label="Alarm state"
            style={{ minWidth: 220 }}
            value={pageQuery.state ?? ALL_STATES}
            options={stateOptions}
            onChange={(value: AlarmState | typeof ALL_STATES) =>
              setPageQuery(({ limit }) => ({
                page: 1,
                limit,
                ...(value === ALL_STATES ? {} : { state: value }),
              }))
            }
          />
        }
      >
        {list.isError ? (
          <Result
            status="warning"
            title={errorMessage(list.error)}
            extra={
              <Button onClick={() => void list.refetch()} loading={list.isFetching}>
                Try again
              </Button>
            }
          />
        ) : list.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        ) : (
          <NotificationsTable
            notifications={list.data.data}
            loading={list.isPlaceholderData}
            page={list.data.currentPage}
            pageSize={list.data.limit}
            total={list.data.total}
            onPageChange={(page, limit) => setPageQuery((query) => ({ ...query, page, limit }))}
            onOpenDevice={setDeviceCode}
            acknowledging={{
              onAcknowledge,
              acknowledgingId: acknowledge.isPending ? acknowledge.variables : undefined,
            }}
            actions={{
              busyId,
              onShelve: setShelving,
              onUnshelve: (item) =>
                unshelve.mutate(item.id, {
                  onSuccess: () => void message.success('Alarm unshelved'),
                  onError: showError,
                }),
              onRemoveFromService: setRemoving,
              onReturnToService: (item) =>
                item.source &&
                returnToService.mutate(item.source, {
                  onSuccess: (reply) => void message.success(reply.message),
                  onError: showError,
                }),
            }}
          />
        )}
      </Card>
      <ShelveAlarmModal
        alarm={shelving}
        maxMinutes={settings.data?.maxShelveMinutes ?? 0}
        submitting={shelve.isPending}
        onSubmit={onShelve}
        onCancel={() => setShelving(undefined)}
      />
      <OutOfServiceModal
        alarm={removing}
        submitting={removeFromService.isPending}
        onSubmit={onRemoveFromService}
        onCancel={() => setRemoving(undefined)}
      />
      <AlarmSourcesDrawer open={sourcesOpen} onClose={() => setSourcesOpen(false)} />
      <Drawer
        title="Device details"
        open={deviceCode !== undefined}
        size={DRAWER_WIDTH}
        onClose={() => setDeviceCode(undefined)}
        destroyOnHidden
      >
        {deviceCode ? <DeviceDetail code={deviceCode} /> : null}
      </Drawer>
    </>
  );
}
