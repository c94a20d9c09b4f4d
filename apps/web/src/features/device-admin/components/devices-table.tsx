import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { AlertOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { DeviceSummary } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { QualityTag } from './quality-tag.tsx';

export const DELETE_DEVICE_CONFIRMATION =
  'All related information of this device will be deleted and cannot be recovered. Are you sure to continue?';

const lbs = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function weight(value: number | null, unit: string): string {
  if (value === null) return '—';
  return `${lbs.format(value)} ${unit || 'lbs'}`;
}

interface DevicesTableProps {
  devices: DeviceSummary[];
  deletingCode: string | undefined;
  onDelete: (device: DeviceSummary) => void;
}

export function DevicesTable({ devices, deletingCode, onDelete }: DevicesTableProps) {
  const navigate = useNavigate();
  const columns: ColumnsType<DeviceSummary> = [
    {
      title: 'Device Id',
      dataIndex: 'device_id',
      sorter: (a, b) => a.device_id.localeCompare(b.device_id, undefined, { numeric: true }),
      render: (_value, device) => (
        <Link to={paths.admin.deviceUpdate.getHref(device.device_id)}>
          <Typography.Text code>{device.device_id}</Typography.Text>
        </Link>
      ),
    },
    {
      title: 'Name',
      dataIndex: 'device_name',
      sorter: (a, b) => a.device_name.localeCompare(b.device_name),
    },
    { title: 'Type', dataIndex: 'device_type_name' },
    {
      title: 'Stage',
      dataIndex: 'stage_name',
      sorter: (a, b) => a.device_stage - b.device_stage,
    },
    {
      title: 'Capacity',
      dataIndex: 'capacity',
      align: 'right',
      render: (_value, device) => weight(device.capacity, device.device_unit),
    },
    {
      title: 'Occupancy',
      dataIndex: 'occupancy',
      align: 'right',
      render: (_value, device) =>
        device.capacity === null ? '—' : weight(device.occupancy, device.device_unit),
    },
    {
      title: 'Quality',
      dataIndex: 'quality',
      render: (_value, device) => <QualityTag device={device} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, device) => (
        <Space size="small">
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${device.device_id}`}
            onClick={() => void navigate(paths.admin.deviceUpdate.getHref(device.device_id))}
          >
            Edit
          </Button>
          <Tooltip title="Configure Alarm Text">
            <Button
              size="small"
              icon={<AlertOutlined />}
              aria-label={`Configure Alarm Text of ${device.device_id}`}
              onClick={() => void navigate(paths.admin.deviceAlarm.getHref(device.device_id))}
            >
              Alarms
            </Button>
          </Tooltip>
          <Popconfirm
            title="Delete device"
            description={DELETE_DEVICE_CONFIRMATION}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(device)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={deletingCode === device.device_id}
              aria-label={`Delete ${device.device_id}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<DeviceSummary>
      rowKey="device_id"
      size="middle"
      columns={columns}
      dataSource={devices}
      pagination={{ pageSize: 25, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: <EmptyState title="No Device Found" description="Add a device to start." />,
      }}
    />
  );
}
