import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { DeviceStatusDto } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { statusMessages } from './status-messages.ts';
import styles from './device-statuses-table.module.css';

const priorityColors: Record<DeviceStatusDto['priority'], string> = {
  high: 'red',
  Normal: 'default',
  low: 'blue',
};

function commandValue(status: DeviceStatusDto) {
  if (status.type === 'input')
    return <Typography.Text code>{status.command_value}</Typography.Text>;
  return status.command_value === 1 ? (
    <Tag color="success">ON</Tag>
  ) : (
    <Tag color="default">OFF</Tag>
  );
}

interface DeviceStatusesTableProps {
  statuses: DeviceStatusDto[];
  deletingId: number | undefined;
  onEdit: (status: DeviceStatusDto) => void;
  onDelete: (status: DeviceStatusDto) => void;
}

export function DeviceStatusesTable({
  statuses,
  deletingId,
  onEdit,
  onDelete,
}: DeviceStatusesTableProps) {
  const columns: ColumnsType<DeviceStatusDto> = [
    {
      title: 'Status ID',
      dataIndex: 'led_id',
      width: 100,
      defaultSortOrder: 'ascend',
      sorter: (a, b) => a.led_id - b.led_id,
    },
    {
      title: 'Status Name',
      dataIndex: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      title: 'Status Color',
      dataIndex: 'color',
      render: (color: string) => (
        <span className={styles.color}>
          <span className={styles.swatch} style={{ background: color }} aria-hidden="true" />
          <Typography.Text type="secondary" className={styles.hex}>
            {color}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: 'Command',
      dataIndex: 'command',
      render: (_value, status) => (
        <Space size={6}>
          <span>{status.command}</span>
          <Tag bordered={false}>
            {status.type} #{status.command_id}
          </Tag>
        </Space>
      ),
    },
    {
      title: 'Command Value',
      dataIndex: 'command_value',
      render: (_value, status) => commandValue(status),
    },
    {
      title: 'Status Priority',
      dataIndex: 'priority',
      render: (priority: DeviceStatusDto['priority']) => (
        <Tag color={priorityColors[priority]}>{priority}</Tag>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, status) => (
        <Space size="small">
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${status.name}`}
            onClick={() => onEdit(status)}
          >
            Edit
          </Button>
          <Popconfirm
            title="Delete device status"
            description={statusMessages.deleteConfirmation}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(status)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={deletingId === status.id}
              aria-label={`Delete ${status.name}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<DeviceStatusDto>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={statuses}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <EmptyState description="A status lights a coloured tag on a device when its command has the given value." />
        ),
      }}
    />
  );
}
