import { useState } from 'react';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
import { Role, type User, type UserSession } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { useSignedInSession } from '../../../lib/signed-in-session.ts';
import { tokenUserId } from '../../../lib/token-claims.ts';
import { useEndUserSessions, useUserSessions } from '../api/user-sessions.ts';
import { useRemoveUserTotp } from '../api/remove-user-totp.ts';
import { RemoveOwnTotpModal } from './remove-own-totp-modal.tsx';

const AGENT_SHOWN = 60;

function shortAgent(agent: string | null): string {
  if (!agent) return '';
  return agent.length > AGENT_SHOWN ? `${agent.slice(0, AGENT_SHOWN)}…` : agent;
}

interface UserSessionsModalProps {
  /** Whose sessions are shown; the dialog is closed when there is none. */
  user: User | undefined;
  onClose: () => void;
}

/** A user's live sign-ins, each of which an administrator can end, or all at once. */
export function UserSessionsModal({ user, onClose }: UserSessionsModalProps) {
  const sessions = useUserSessions(user?.id);
  const ending = useEndUserSessions();
  const removeTotp = useRemoveUserTotp();
  const { message, notification } = useFeedback();
  const ownId = tokenUserId(useSignedInSession().accessToken);
  const [removingOwnTotp, setRemovingOwnTotp] = useState(false);

  const end = (sessionId?: string) => {
    if (!user) return;
    ending.mutate(
      { userId: user.id, ...(sessionId ? { sessionId } : {}) },
      {
        onSuccess: (reply) => void message.success(reply.message),
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  const columns: ColumnsType<UserSession> = [
    {
      title: 'Signed In',
      dataIndex: 'created_at',
      render: (_v, s) => formatNotificationTime(s.created_at),
    },
    {
      title: 'Last Used',
      dataIndex: 'last_used_at',
      render: (_v, s) => formatNotificationTime(s.last_used_at),
    },
    { title: 'Address', dataIndex: 'address', render: (_v, s) => s.address ?? '' },
    {
      title: 'Browser',
      dataIndex: 'user_agent',
      render: (_v, s) => <span title={s.user_agent ?? undefined}>{shortAgent(s.user_agent)}</span>,
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_v, s) => (
        <Button
          danger
          size="small"
          icon={<LogoutOutlined />}
          loading={ending.isPending && ending.variables.sessionId === s.id}
          onClick={() => end(s.id)}
          aria-label={`End session from ${s.address ?? 'unknown address'}`}
        >
          End
        </Button>
      ),
    },
  ];

  return (
    <Modal
      title={user ? `Sessions of ${user.full_name}` : 'Sessions'}
      open={user !== undefined}
      onCancel={onClose}
      width={900}
      footer={
        <Space>
          {user?.role === Role.Administrator &&
            (user.id === ownId ? (
              <Button icon={<SafetyOutlined />} onClick={() => setRemovingOwnTotp(true)}>
                Remove Two-Step Sign-In
              </Button>
            ) : (
              <Popconfirm
                title="Remove this user's two-step sign-in? The password alone will sign in."
                okText="Remove"
                onConfirm={() =>
                  removeTotp.mutate(
                    { userId: user.id },
                    {
                      onSuccess: (reply) => void message.success(reply.message),
                      onError: (error) =>
                        notification.error({ title: 'Error', description: errorMessage(error) }),
                    },
                  )
                }
              >
                <Button icon={<SafetyOutlined />} loading={removeTotp.isPending}>
                  Remove Two-Step Sign-In
                </Button>
              </Popconfirm>
            ))}
          <Popconfirm
            title="End every session of this user? Open screens stop at once."
            okText="End All"
            okButtonProps={{ danger: true }}
            onConfirm={() => end()}
          >
            <Button danger disabled={!sessions.data?.length}>
              End All Sessions
            </Button>
          </Popconfirm>
          <Button onClick={onClose}>Close</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        Each sign-in that can still be renewed. Ending one signs that browser out; the user&apos;s
        other screens renew their access and go on.
      </Typography.Paragraph>
      <Table<UserSession>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sessions.data ?? []}
        loading={sessions.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: sessions.isError ? (
            errorMessage(sessions.error)
          ) : (
            <EmptyState description="No open sessions." />
          ),
        }}
      />
      <RemoveOwnTotpModal
        userId={removingOwnTotp ? ownId : undefined}
        onClose={() => setRemovingOwnTotp(false)}
      />
    </Modal>
  );
}
