import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { AlarmText } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';

const DELETE_CONFIRMATION = 'Are you sure you want to delete this alarm text?';

interface AlarmTextsTableProps {
  texts: AlarmText[];
  deletingId: number | undefined;
  onEdit: (text: AlarmText) => void;
  onDelete: (text: AlarmText) => void;
}

export function AlarmTextsTable({ texts, deletingId, onEdit, onDelete }: AlarmTextsTableProps) {
  const columns: ColumnsType<AlarmText> = [
    {
      title: 'Alarm ID',
      dataIndex: 'index',
      width: 120,
      defaultSortOrder: 'ascend',
      sorter: (a, b) => a.index - b.index,
      render: (index: number) => <Tag bordered={false}>{index}</Tag>,
    },
    { title: 'Alarm Text', dataIndex: 'message' },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      width: 220,
      render: (_value, text) => (
        <Space size="small">
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit Alarm ID ${text.index}`}
            onClick={() => onEdit(text)}
          >
            Edit
          </Button>
          <Popconfirm
            title={DELETE_CONFIRMATION}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(text)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={deletingId === text.id}
              aria-label={`Delete Alarm ID ${text.index}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<AlarmText>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={texts}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{
        emptyText: (
          <EmptyState description="Add the texts for this device's alarm codes, or import them from another device." />
        ),
      }}
    />
  );
}
