import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { SignInThrottle } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useClearSignInThrottle } from '../api/clear-sign-in-throttle.ts';
import { useClearSignInThrottles } from '../api/clear-sign-in-throttles.ts';
import { useSignInThrottles } from '../api/get-sign-in-throttles.ts';
import styles from './sign-in-throttles.module.css';

function nextAttempt(throttle: SignInThrottle): string {
  const seconds = throttle.retry_after_seconds;
  return seconds > 0 ? `In ${seconds} s` : 'Now';
}

/** Whose attempts wait: a browser that signed in before waits on its own failures only. */
function username(throttle: SignInThrottle): string {
  if (throttle.kind === 'device') return `${throttle.username ?? ''} (trusted browser)`;
  return throttle.username ?? 'Any username';
}

function whose(throttle: SignInThrottle): string {
  return `${throttle.kind === 'address' ? 'every username' : username(throttle)} at ${throttle.address}`;
}

/**
 * Sign-ins slowed down after repeated wrong passwords, for one username from one computer or for
 * every username from one computer. Clearing one lets that sign-in try again at once.
 */
export function SignInThrottles() {
  const throttles = useSignInThrottles();
  const clearOne = useClearSignInThrottle();
  const clearAll = useClearSignInThrottles();
  const { message, notification } = useFeedback();
  const feedback = {
    onSuccess: (reply: { message: string }) => void message.success(reply.message),
    onError: (error: unknown) =>
      notification.error({ title: 'Error', description: errorMessage(error) }),
  };

  const columns: ColumnsType<SignInThrottle> = [
    {
      title: 'Username',
      dataIndex: 'username',
      render: (_value, t) => username(t),
    },
    { title: 'Address', dataIndex: 'address' },
    { title: 'Failed Attempts', dataIndex: 'failures' },
    { title: 'Next Attempt', key: 'next', render: (_value, t) => nextAttempt(t) },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, t) => (
        <Popconfirm
          title={`Let ${whose(t)} try again at once?`}
          okText="Clear"
          onConfirm={() => clearOne.mutate(t.id, feedback)}
        >
          <Button
            loading={clearOne.isPending && clearOne.variables === t.id}
            aria-label={`Clear throttle of ${whose(t)}`}
          >
            Clear
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      className={styles.root}
      size="small"
      title="Sign-in throttles"
      extra={
        <Popconfirm
          title="Let every slowed-down sign-in try again at once?"
          okText="Clear all"
          onConfirm={() => clearAll.mutate(undefined, feedback)}
        >
          <Button size="small" disabled={!throttles.data?.length} loading={clearAll.isPending}>
            Clear all
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">
        After repeated wrong passwords, sign-in from that computer waits a little longer after each
        further attempt. Another computer is not affected.
      </Typography.Paragraph>
      <QueryTable
        query={throttles}
        columns={columns}
        emptyTitle="No sign-in is being slowed down"
        emptyText="Repeated wrong passwords would show here."
      />
    </Card>
  );
}
