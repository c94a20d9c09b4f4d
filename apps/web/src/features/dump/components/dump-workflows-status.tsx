import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { RunningWorkflowState } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePollInterval } from '../../../lib/live-status.ts';
import { useDumpWorkflowsStatus } from '../api/get-dump-workflows-status.ts';
import styles from './dump-workspace.module.css';

/** The spec's pace; live workflow events refresh it sooner. */
const STATUS_POLL_MS = 500;

const stateTags: Record<RunningWorkflowState['state'], { color: string; label: string }> = {
  idle: { color: 'default', label: 'Idle' },
  running: { color: 'processing', label: 'Running' },
  paused: { color: 'warning', label: 'Paused' },
  interrupted: { color: 'warning', label: 'Interrupted' },
  finished: { color: 'success', label: 'Finished' },
  stopped: { color: 'default', label: 'Stopped' },
  failed: { color: 'error', label: 'Failed' },
};

/** The dumping workflows, with what each is doing now. */
export function DumpWorkflowsStatus() {
  const status = useDumpWorkflowsStatus({ refetchInterval: usePollInterval(STATUS_POLL_MS) });

  if (status.isError && !status.data) {
    return <Typography.Text type="danger">{errorMessage(status.error)}</Typography.Text>;
  }
  if (!status.data) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (status.data.length === 0) {
    return <EmptyState description="Dumping workflows appear here once they are defined." />;
  }
  return (
    <ul className={styles.workflows} aria-label="Dumping workflows">
      {status.data.map((workflow) => {
        const tag = stateTags[workflow.state];
        const last = workflow.timeline.at(-1);
        return (
          <li key={workflow.id} className={styles.workflow} aria-label={workflow.name}>
            <div className={styles.workflowHead}>
              <Typography.Text strong>{workflow.name}</Typography.Text>
              <Tag color={tag.color}>{tag.label}</Tag>
            </div>
            {workflow.error ? (
              <Typography.Text type="danger">{workflow.error}</Typography.Text>
            ) : last && workflow.state !== 'idle' ? (
              <Typography.Text type="secondary">{last.message}</Typography.Text>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
