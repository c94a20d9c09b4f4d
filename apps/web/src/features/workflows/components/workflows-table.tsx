import { Link } from 'react-router';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import {
  ApartmentOutlined,
  DeleteOutlined,
  PlayCircleOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { WorkflowListEntry } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { WorkflowTypeTag } from './workflow-type-tag.tsx';

export const DELETE_WORKFLOW_CONFIRMATION = 'Are you sure you want to delete this?';
export const NO_WORKFLOWS = 'No system flow found. Please add a workflow.';

interface WorkflowsTableProps {
  workflows: WorkflowListEntry[];
  loading: boolean;
  deletingId: number | undefined;
  onDelete: (workflow: WorkflowListEntry) => void;
}

export function WorkflowsTable({ workflows, loading, deletingId, onDelete }: WorkflowsTableProps) {
  const columns: ColumnsType<WorkflowListEntry> = [
    {
      title: 'Name',
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_value, workflow) => (
        <Space size="small">
          <Link to={paths.admin.flow.getHref(workflow.id)}>{workflow.name}</Link>
          {workflow.reserved ? <Tag>System</Tag> : null}
        </Space>
      ),
    },
    {
      title: 'Type',
      dataIndex: 'type',
      render: (_value, workflow) => <WorkflowTypeTag type={workflow.type} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, workflow) => (
        <Space size="small" wrap>
          <Link
            to={paths.admin.flow.getHref(workflow.id)}
            aria-label={`Designer of ${workflow.name}`}
          >
            <Button size="small" icon={<ApartmentOutlined />} tabIndex={-1}>
              Designer
            </Button>
          </Link>
          <Link
            to={paths.admin.flowSort.getHref(workflow.id)}
            aria-label={`Configuration of ${workflow.name}`}
          >
            <Button size="small" icon={<SettingOutlined />} tabIndex={-1}>
              Configure
            </Button>
          </Link>
          <Link to={paths.admin.flowTest.getHref(workflow.id)} aria-label={`Run ${workflow.name}`}>
            <Button size="small" icon={<PlayCircleOutlined />} tabIndex={-1}>
              Run
            </Button>
          </Link>
          {/* The server refuses to delete a system workflow: the action is not offered. */}
          {workflow.reserved ? null : (
            <Popconfirm
              title="Delete workflow"
              description={DELETE_WORKFLOW_CONFIRMATION}
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(workflow)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                loading={deletingId === workflow.id}
                aria-label={`Delete ${workflow.name}`}
              >
                Delete
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<WorkflowListEntry>
      rowKey="id"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={workflows}
      pagination={{ pageSize: 25, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <EmptyState
            title={NO_WORKFLOWS}
            description="A workflow is a diagram of devices and the steps the engine runs on them."
          />
        ),
      }}
    />
  );
}
