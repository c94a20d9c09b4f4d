import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { CheckOutlined } from '@ant-design/icons';
import type { Notification } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { AlarmStateTag } from './alarm-state-tag.tsx';
import { NotificationTypeTag } from './notification-type-tag.tsx';

/** What a person can do with an alarm besides acknowledging it. */
export interface AlarmActions {
  onShelve: (notification: Notification) => void;
  onUnshelve: (notification: Notification) => void;
  onRemoveFromService: (notification: Notification) => void;
  onReturnToService: (notification: Notification) => void;
  /** The alarm an action is under way for. */
  busyId: number | undefined;
}

const SHELVABLE = new Set(['unacknowledged', 'acknowledged', 'returned-unacknowledged']);

interface NotificationsTableProps {
  notifications: Notification[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  acknowledgingId: number | undefined;
  onPageChange: (page: number, pageSize: number) => void;
  onAcknowledge: (notification: Notification) => void;
  onOpenDevice: (deviceCode: string) => void;
  actions: AlarmActions;
}

export function NotificationsTable({
  notifications,
  loading,
  page,
  pageSize,
  total,
  acknowledgingId,
  onPageChange,
  onAcknowledge,
  onOpenDevice,
  actions,
}: NotificationsTableProps) {
  const columns: ColumnsType<Notification> = [
    {
      title: 'Type',
      dataIndex: 'type',
      width: 100,
      render: (_value, item) => <NotificationTypeTag type={item.type} />,
    },
    {
      title: 'Device',
      dataIndex: 'device_id',
      width: 120,
      render: (_value, item) =>
        item.device_id ? (
          <Button
            type="link"
            size="small"
            onClick={() => item.device_id && onOpenDevice(item.device_id)}
            aria-label={`Device details of ${item.device_id}`}
          >
            {item.device_id}
          </Button>
        ) : (
          'Plant'
        ),
    },
    { title: 'Text', dataIndex: 'text' },
    { title: 'By', dataIndex: 'by', width: 120 },
    {
      title: 'Time',
      dataIndex: 'createdAt',
      render: (_value, item) => formatNotificationTime(item.createdAt),
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    {
      title: 'Cleared',
      dataIndex: 'clearedAt',
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_value, item) =>
        item.clearedAt ? formatNotificationTime(item.clearedAt) : <Tag color="red">Active</Tag>,
    },
    {
      title: 'State',
      dataIndex: 'state',
      render: (_value, item) => <AlarmStateTag item={item} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, item) => (
        <Space size={4} wrap>
          {item.state === 'shelved' ? (
            <Button
              size="small"
              loading={actions.busyId === item.id}
              onClick={() => actions.onUnshelve(item)}
              aria-label={`Unshelve: ${item.text}`}
            >
              Unshelve
            </Button>
          ) : null}
          {SHELVABLE.has(item.state) ? (
            <Button
              size="small"
              onClick={() => actions.onShelve(item)}
              aria-label={`Shelve: ${item.text}`}
            >
              Shelve
            </Button>
          ) : null}
          {item.source && item.state === 'out-of-service' ? (
            <Button
              size="small"
              loading={actions.busyId === item.id}
              onClick={() => actions.onReturnToService(item)}
              aria-label={`Return to service: ${item.text}`}
            >
              Return to service
            </Button>
          ) : null}
          {item.source && item.state !== 'out-of-service' && item.state !== 'normal' ? (
            <Button
              size="small"
              danger
              onClick={() => actions.onRemoveFromService(item)}
              aria-label={`Out of service: ${item.text}`}
            >
              Out of service
            </Button>
          ) : null}
        </Space>
      ),
    },
    {
      title: 'Acknowledged',
      dataIndex: 'ack',
      width: 170,
      align: 'right',
      render: (_value, item) =>
        item.ack ? (
          <span>{item.ackAt ? formatNotificationTime(item.ackAt) : 'Yes'}</span>
        ) : (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={acknowledgingId === item.id}
            onClick={() => onAcknowledge(item)}
            aria-label={`Acknowledge: ${item.text}`}
          >
            Acknowledge
          </Button>
        ),
    },
  ];

  return (
    <Table<Notification>
      rowKey="id"
      columns={columns}
      dataSource={notifications}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: page,
        pageSize,
        total,
        hideOnSinglePage: true,
        showSizeChanger: true,
        onChange: onPageChange,
      }}
      locale={{
        emptyText: (
          <EmptyState description="Alarms, warnings and other notifications from the plant appear here." />
        ),
      }}
    />
  );
}
