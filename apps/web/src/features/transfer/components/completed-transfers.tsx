import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { Transfer } from '@roastery/contract';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { useTransfers } from '../api/get-transfers.ts';
import { transferColumns } from './transfer-columns.tsx';
import styles from './transfer-workspace.module.css';

/** Finished transfers change when a moving run ends, which live events announce. */
const COMPLETED_POLL_MS = 5_000;

const columns: ColumnsType<Transfer> = [
  ...transferColumns,
  {
    title: 'Moved',
    dataIndex: 'moved_amount',
    align: 'right',
    render: (lbs: number | null) => (lbs === null ? '—' : formatLbs(lbs)),
  },
  {
    title: 'Status',
    key: 'status',
    // A completed transfer may carry a note too: who ended it early, and after how much.
    render: (_value, transfer) => (
      <>
        {transfer.status === 'failed' ? (
          <Tag color="error">Failed</Tag>
        ) : (
          <Tag color="success">Completed</Tag>
        )}
        {transfer.error ? (
          <Typography.Text
            type={transfer.status === 'failed' ? 'danger' : 'secondary'}
            className={styles.error}
          >
            {transfer.error}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  {
    title: 'Created by',
    dataIndex: 'created_by',
    render: (name: string | null) => name ?? '—',
  },
  {
    title: 'Created',
    dataIndex: 'created_at',
    render: (at: string) => formatNotificationTime(at),
  },
  {
    title: 'Completed',
    dataIndex: 'completed_at',
    render: (at: string | null) => (at === null ? '—' : formatNotificationTime(at)),
  },
];

/** Transfers that are done: completed, or failed with the reason. */
export function CompletedTransfers() {
  const completed = useTransfers('completed', { refetchInterval: COMPLETED_POLL_MS });

  return (
    <QueryTable<Transfer>
      query={completed}
      columns={columns}
      emptyText="Transfers appear here once they are done."
    />
  );
}
