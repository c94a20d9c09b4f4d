import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { pathMessages, type PathDevice, type RoastingPath } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';

const deviceLabel = (device: PathDevice) => `${device.device_name} (${device.device_id})`;

interface PathsTableProps {
  paths: RoastingPath[];
  deletingId: number | undefined;
  onEdit: (path: RoastingPath) => void;
  onDelete: (path: RoastingPath) => void;
}

/** One row per path: where it draws, roasts and lands, the workflow it runs, and its actions. */
export function PathsTable({ paths, deletingId, onEdit, onDelete }: PathsTableProps) {
  const columns: ColumnsType<RoastingPath> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, path) => (
        <Space size={6}>
          <Typography.Text strong>{name}</Typography.Text>
          {path.enabled ? null : <Tag>Disabled</Tag>}
        </Space>
      ),
    },
    {
      title: 'Start silos',
      dataIndex: 'start_silos',
      render: (silos: PathDevice[]) => (
        <Space size={[4, 4]} wrap>
          {silos.map((silo) => (
            <Tag key={silo.device_id} bordered={false}>
              {deviceLabel(silo)}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: 'Roaster', dataIndex: 'roaster', render: deviceLabel },
    { title: 'Destination', dataIndex: 'destination', render: deviceLabel },
    {
      title: 'Workflow',
      dataIndex: 'workflow',
      render: (workflow: RoastingPath['workflow']) => workflow.name,
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, path) => (
        <Space size="small">
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${path.name}`}
            onClick={() => onEdit(path)}
          >
            Edit
          </Button>
          <Popconfirm
            title="Delete path"
            description={pathMessages.deleteConfirm}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(path)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={deletingId === path.id}
              aria-label={`Delete ${path.name}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<RoastingPath>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={paths}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <EmptyState description={pathMessages.empty} /> }}
    />
  );
}
