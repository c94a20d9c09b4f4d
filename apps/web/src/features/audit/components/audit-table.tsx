import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { AuditEntry } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatNotificationTime } from '../../../lib/format-date.ts';

interface AuditTableProps {
  entries: AuditEntry[];
  total: number;
  page: number;
  limit: number;
  loading: boolean;
  onPage: (page: number, limit: number) => void;
}

function resultColor(result: string): string {
  if (/^2\d\d/.test(result)) return 'green';
  if (/^(401|403|429)/.test(result)) return 'red';
  return 'orange';
}

const columns: ColumnsType<AuditEntry> = [
  { title: 'Row', dataIndex: 'id', width: 80 },
  {
    title: 'Time',
    dataIndex: 'at',
    render: (_v, e) => <span title={e.at}>{formatNotificationTime(e.at)}</span>,
  },
  { title: 'User', dataIndex: 'user_name', render: (_v, e) => e.user_name ?? '' },
  { title: 'Address', dataIndex: 'address', render: (_v, e) => e.address ?? '' },
  { title: 'Category', dataIndex: 'category', render: (_v, e) => <Tag>{e.category}</Tag> },
  { title: 'Action', dataIndex: 'action' },
  { title: 'Target', dataIndex: 'target', render: (_v, e) => e.target ?? '' },
  {
    title: 'Result',
    dataIndex: 'result',
    render: (_v, e) => <Tag color={resultColor(e.result)}>{e.result}</Tag>,
  },
];

export function AuditTable({ entries, total, page, limit, loading, onPage }: AuditTableProps) {
  return (
    <Table<AuditEntry>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={entries}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: page,
        pageSize: limit,
        total,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100, 200],
        showTotal: (count) => `${count} entries`,
        onChange: onPage,
      }}
      locale={{ emptyText: <EmptyState description="No audit entries match the filters." /> }}
    />
  );
}
