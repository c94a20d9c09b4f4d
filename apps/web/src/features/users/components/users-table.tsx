import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { DeleteOutlined, DesktopOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import { Role, type User } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatListDate } from '../../../lib/format-date.ts';

const DELETE_CONFIRMATION = 'Are you sure you want to delete this?';

const roleColors: Record<number, string> = {
  [Role.Administrator]: 'volcano',
  [Role.Supervisor]: 'gold',
  [Role.Operator]: 'blue',
  [Role.QualityTechnician]: 'green',
};

interface UsersTableProps {
  users: User[];
  deletingId: number | undefined;
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
  onSessions: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({
  users,
  deletingId,
  onEdit,
  onResetPassword,
  onSessions,
  onDelete,
}: UsersTableProps) {
  const columns: ColumnsType<User> = [
    {
      title: 'Full Name',
      dataIndex: 'full_name',
      sorter: (a, b) => a.full_name.localeCompare(b.full_name),
    },
    {
      title: 'Username',
      dataIndex: 'username',
      sorter: (a, b) => a.username.localeCompare(b.username),
    },
    {
      title: 'Role',
      dataIndex: 'role_name',
      render: (_value, user) => <Tag color={roleColors[user.role]}>{user.role_name}</Tag>,
    },
    {
      title: 'Created',
      dataIndex: 'created_at',
      render: (_value, user) => formatListDate(user.created_at),
      sorter: (a, b) => a.created_at.localeCompare(b.created_at),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, user) => (
        <Space size="small">
          <Button
            icon={<EditOutlined />}
            onClick={() => onEdit(user)}
            aria-label={`Edit ${user.username}`}
          >
            Edit
          </Button>
          <Button
            icon={<KeyOutlined />}
            onClick={() => onResetPassword(user)}
            aria-label={`Reset password of ${user.username}`}
          >
            Reset Password
          </Button>
          <Button
            icon={<DesktopOutlined />}
            onClick={() => onSessions(user)}
            aria-label={`Sessions of ${user.username}`}
          >
            Sessions
          </Button>
          <Popconfirm
            title={DELETE_CONFIRMATION}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(user)}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={deletingId === user.id}
              aria-label={`Delete ${user.username}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<User>
      rowKey="id"
      columns={columns}
      dataSource={users}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: <EmptyState description="Users created here can sign in to the console." />,
      }}
    />
  );
}
