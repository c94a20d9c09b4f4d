import { useState, type ComponentType } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Drawer from 'antd/es/drawer';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { CheckSquareOutlined } from '@ant-design/icons';
import type { Notification } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAcknowledgeAllNotifications } from '../api/acknowledge-all-notifications.ts';
import { useAcknowledgeNotification } from '../api/acknowledge-notification.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { NotificationsTable } from '../components/notifications-table.tsx';

/** The spec's width of the device details drawer. */
const DRAWER_WIDTH = 850;
const DEFAULT_PAGE_SIZE = 20;

interface NotificationsPageProps {
  /** The device detail shown in the drawer; the app layer provides it from the devices feature. */
  DeviceDetail: ComponentType<{ code: string }>;
}

export function NotificationsPage({ DeviceDetail }: NotificationsPageProps) {
  const [pageQuery, setPageQuery] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const [deviceCode, setDeviceCode] = useState<string>();
  const list = useNotifications(pageQuery);
  const acknowledge = useAcknowledgeNotification();
  const acknowledgeAll = useAcknowledgeAllNotifications();
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

  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle="Alarms, warnings and other messages from the plant, newest first."
        actions={
          <Button
            type="primary"
            icon={<CheckSquareOutlined />}
            loading={acknowledgeAll.isPending}
            onClick={onAcknowledgeAll}
          >
            Acknowledge All
          </Button>
        }
      />
      <Card>
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
            acknowledgingId={acknowledge.isPending ? acknowledge.variables : undefined}
            onPageChange={(page, limit) => setPageQuery({ page, limit })}
            onAcknowledge={onAcknowledge}
            onOpenDevice={setDeviceCode}
          />
        )}
      </Card>
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
