import Button from 'antd/es/button';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { CheckOutlined } from '@ant-design/icons';
import type { Notification } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { NotificationTypeTag } from './notification-type-tag.tsx';

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
