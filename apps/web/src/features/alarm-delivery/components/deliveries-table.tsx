import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { AlarmDelivery } from '@roastery/contract';
import { useDeliveries } from '../api/get-deliveries.ts';

const statusColor: Record<AlarmDelivery['status'], string> = {
  pending: 'processing',
  sent: 'success',
  skipped: 'default',
  failed: 'error',
};

/** The latest messages: due, sent, skipped and why, or given up after their attempts. */
export function DeliveriesTable() {
  const deliveries = useDeliveries();
  return (
    <Table<AlarmDelivery>
      rowKey="id"
      size="small"
      loading={deliveries.isPending}
      dataSource={deliveries.data ?? []}
      scroll={{ x: 720 }}
      pagination={{ pageSize: 20 }}
      locale={{ emptyText: 'No alarm messages yet' }}
      columns={[
        { title: 'Alarm', dataIndex: 'notification_id', render: (id: number | null) => id ?? '—' },
        { title: 'Pipeline', dataIndex: 'pipeline' },
        { title: 'Kind', dataIndex: 'kind' },
        { title: 'Roster step', dataIndex: 'step', render: (s: number) => s + 1 },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (s: AlarmDelivery['status']) => <Tag color={statusColor[s]}>{s}</Tag>,
        },
        { title: 'Attempts', dataIndex: 'attempts' },
        { title: 'Due', dataIndex: 'due_at', render: (d: string) => new Date(d).toLocaleString() },
        { title: 'Detail', dataIndex: 'detail' },
      ]}
    />
  );
}
