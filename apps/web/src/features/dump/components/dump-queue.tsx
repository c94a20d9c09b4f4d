import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { CheckOutlined, DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import { Role, type Dump } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { usePollInterval } from '../../../lib/live-status.ts';
import { useSignedInSession } from '../../../lib/signed-in-session.ts';
import { useAcknowledgeDump } from '../api/acknowledge-dump.ts';
import { useDeleteDump } from '../api/delete-dump.ts';
import { useDumps } from '../api/get-dumps.ts';
import { usePendingDumps } from '../api/get-pending-dumps.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { formatGreenLot } from '../../../lib/format-green-lot.ts';
import styles from './dump-workspace.module.css';

export const DELETE_DUMP_CONFIRMATION = 'Are you sure want to delete this dump request?';

/** The spec's pace for dumps in progress; live workflow events refresh them sooner. */
const PROCESSING_POLL_MS = 500;
/** Failed dumps change only when someone acts on them, here or on another console. */
const FAILED_POLL_MS = 5_000;

interface DumpCardProps {
  dump: Dump;
  acknowledging: boolean;
  deleting: boolean;
  onAcknowledge: (dump: Dump) => void;
  onDelete: (dump: Dump) => void;
}

function DumpCard({ dump, acknowledging, deleting, onAcknowledge, onDelete }: DumpCardProps) {
  const waiting = dump.status === 'pending' || dump.status === 'failed';
  return (
    <article className={styles.dumpCard} aria-label={`Dump ${dump.lot_number}`}>
      <header className={styles.dumpHead}>
        <Typography.Text strong className={styles.lot}>
          {dump.lot_number}
        </Typography.Text>
        {dump.status === 'acknowledged' ? (
          <Tag icon={<SyncOutlined spin />} color="processing">
            Processing
          </Tag>
        ) : dump.status === 'failed' ? (
          <Tag color="error">Failed</Tag>
        ) : (
          <Tag color="gold">Pending</Tag>
        )}
      </header>
      <dl className={styles.facts}>
        <dt>Bean</dt>
        <dd>{dump.bean_name}</dd>
        <dt>Amount</dt>
        <dd>{formatLbs(dump.amount)}</dd>
        <dt>Into</dt>
        <dd>
          {dump.device_name} <span className={styles.muted}>({dump.type})</span>
        </dd>
        <dt>Requested</dt>
        <dd>{formatNotificationTime(dump.created_at)}</dd>
        {dump.order_id === null ? null : (
          <>
            <dt>Order</dt>
            <dd>{formatOrderNumber(dump.order_id)}</dd>
          </>
        )}
        {dump.moisture_pct === null && dump.density_g_per_l === null ? null : (
          <>
            <dt>Green lot</dt>
            <dd>{formatGreenLot(dump.moisture_pct, dump.density_g_per_l)}</dd>
          </>
        )}
      </dl>
      {dump.error ? (
        <Typography.Paragraph type="danger" className={styles.dumpError}>
          {dump.error}
        </Typography.Paragraph>
      ) : null}
      {waiting ? (
        <div className={styles.dumpActions}>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={acknowledging}
            onClick={() => onAcknowledge(dump)}
            className={styles.bigButton}
          >
            {dump.status === 'failed' ? 'Acknowledge again' : 'Acknowledge'}
          </Button>
          {dump.status === 'pending' ? (
            <Popconfirm
              title="Delete dump request"
              description={DELETE_DUMP_CONFIRMATION}
              okText="Delete"
              okButtonProps={{ danger: true, size: 'large' }}
              cancelButtonProps={{ size: 'large' }}
              onConfirm={() => onDelete(dump)}
            >
              <Button
                danger
                icon={<DeleteOutlined />}
                loading={deleting}
                className={styles.bigButton}
              >
                Delete
              </Button>
            </Popconfirm>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/**
 * The dumps waiting at the station and those being dumped. Acknowledging starts the target's
 * dumping workflow; an administrator is then taken to that workflow's run screen to follow it.
 */
export function DumpQueue() {
  const navigate = useNavigate();
  const session = useSignedInSession();
  const pending = usePendingDumps();
  const processing = useDumps('acknowledged', {
    refetchInterval: usePollInterval(PROCESSING_POLL_MS),
  });
  const failed = useDumps('failed', { refetchInterval: usePollInterval(FAILED_POLL_MS) });
  const acknowledgement = useAcknowledgeDump();
  const deletion = useDeleteDump();
  const { message, notification } = useFeedback();

  const onError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const acknowledge = (dump: Dump) =>
    acknowledgement.mutate(dump.id, {
      onSuccess: (acknowledged) => {
        void message.success(`Dump ${acknowledged.lot_number} acknowledged`);
        if (session.role === Role.Administrator && acknowledged.workflow_id !== null) {
          void navigate(paths.admin.flowTest.getHref(acknowledged.workflow_id));
        }
      },
      onError,
    });

  const remove = (dump: Dump) =>
    deletion.mutate(dump.id, {
      onSuccess: () => void message.success(`Dump request ${dump.lot_number} deleted`),
      onError,
    });

  if (pending.isError && !pending.data) {
    return (
      <LoadError
        error={pending.error}
        retrying={pending.isFetching}
        onRetry={() => void pending.refetch()}
      />
    );
  }
  if (!pending.data) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;

  const dumps = [...(processing.data ?? []), ...(failed.data ?? []), ...pending.data];
  if (dumps.length === 0) {
    return <EmptyState description="Dump requests waiting at the station will appear here." />;
  }
  return (
    <div className={styles.queue}>
      {dumps.map((dump) => (
        <DumpCard
          key={dump.id}
          dump={dump}
          acknowledging={acknowledgement.isPending && acknowledgement.variables === dump.id}
          deleting={deletion.isPending && deletion.variables === dump.id}
          onAcknowledge={acknowledge}
          onDelete={remove}
        />
      ))}
    </div>
  );
}
