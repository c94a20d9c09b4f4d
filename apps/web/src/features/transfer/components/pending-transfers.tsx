import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { CheckOutlined, DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import type { Transfer } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { useAcknowledgeTransfer } from '../api/acknowledge-transfer.ts';
import { useDeleteTransfer } from '../api/delete-transfer.ts';
import { useTransfers } from '../api/get-transfers.ts';
import { transferColumns } from './transfer-columns.tsx';
import styles from './transfer-workspace.module.css';

/** The spec names the confirmation but not its words; these follow the other deletions. */
export const DELETE_TRANSFER_CONFIRMATION = 'Are you sure you want to delete this transfer?';

/** A safety net: live inventory and workflow events refresh the list sooner. */
const PENDING_POLL_MS = 5_000;

/** Transfers waiting to be acknowledged, and those whose moving workflow runs. */
export function PendingTransfers() {
  const pending = useTransfers('pending', { refetchInterval: PENDING_POLL_MS });
  const acknowledgement = useAcknowledgeTransfer();
  const deletion = useDeleteTransfer();
  const { message, notification } = useFeedback();

  const onError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const acknowledge = (transfer: Transfer) =>
    acknowledgement.mutate(transfer.id, {
      onSuccess: () => void message.success(`Transfer ${transfer.id} acknowledged`),
      onError,
    });

  const remove = (transfer: Transfer) =>
    deletion.mutate(transfer.id, {
      onSuccess: () => void message.success(`Transfer ${transfer.id} deleted`),
      onError,
    });

  const columns: ColumnsType<Transfer> = [
    ...transferColumns,
    {
      title: 'Status',
      key: 'status',
      render: (_value, transfer) =>
        transfer.is_processing ? (
          <Tag icon={<SyncOutlined spin />} color="processing">
            Processing
          </Tag>
        ) : (
          <Tag color="gold">Pending</Tag>
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
      title: 'Actions',
      key: 'actions',
      render: (_value, transfer) => (
        <div className={styles.actions}>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            className={styles.actionButton}
            disabled={transfer.is_processing}
            loading={acknowledgement.isPending && acknowledgement.variables === transfer.id}
            aria-label={`Acknowledge transfer ${transfer.id}`}
            onClick={() => acknowledge(transfer)}
          >
            Acknowledge
          </Button>
          <Popconfirm
            title="Delete transfer"
            description={DELETE_TRANSFER_CONFIRMATION}
            okText="Delete"
            okButtonProps={{ danger: true, size: 'large' }}
            cancelButtonProps={{ size: 'large' }}
            onConfirm={() => remove(transfer)}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              className={styles.actionButton}
              disabled={transfer.is_processing}
              loading={deletion.isPending && deletion.variables === transfer.id}
              aria-label={`Delete transfer ${transfer.id}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </div>
      ),
    },
  ];

  return (
    <QueryTable<Transfer>
      query={pending}
      columns={columns}
      emptyText="Transfers waiting to be acknowledged appear here."
    />
  );
}
