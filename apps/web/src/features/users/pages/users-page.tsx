import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import { AuditOutlined, LockOutlined, UserAddOutlined } from '@ant-design/icons';
import type { User } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/get-users.ts';
import { CreateUserModal } from '../components/create-user-modal.tsx';
import { EditUserModal } from '../components/edit-user-modal.tsx';
import { ResetPasswordModal } from '../components/reset-password-modal.tsx';
import { SignInThrottles } from '../components/sign-in-throttles.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { UserSessionsModal } from '../components/user-sessions-modal.tsx';

export function UsersPage() {
  const users = useUsers();
  const { message, notification } = useFeedback();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User>();
  const [resetting, setResetting] = useState<User>();
  const [sessionsOf, setSessionsOf] = useState<User>();
  const deletion = useDeleteUser();

  if (users.isError) {
    return (
      <Result
        icon={<LockOutlined />}
        title={errorMessage(users.error)}
        subTitle="The user list could not be opened."
        extra={
          <Button onClick={() => void users.refetch()} loading={users.isFetching}>
            Try again
          </Button>
        }
      />
    );
  }

  const remove = (user: User) =>
    deletion.mutate(user.id, {
      onSuccess: () => void message.success(`User ${user.username} deleted`),
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });

  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Who can sign in to the console, and with which role."
        actions={
          <>
            <Link to={paths.admin.audit.getHref()}>
              <Button icon={<AuditOutlined />}>Audit Log</Button>
            </Link>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
              Create User
            </Button>
          </>
        }
      />
      <Card>
        {users.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 6 }} />
        ) : (
          <UsersTable
            users={users.data}
            deletingId={deletion.isPending ? deletion.variables : undefined}
            onEdit={setEditing}
            onResetPassword={setResetting}
            onSessions={setSessionsOf}
            onDelete={remove}
          />
        )}
      </Card>
      <SignInThrottles />
      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
      <EditUserModal user={editing} onClose={() => setEditing(undefined)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} />
      <UserSessionsModal user={sessionsOf} onClose={() => setSessionsOf(undefined)} />
    </>
  );
}
