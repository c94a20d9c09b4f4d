import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { WorkflowStep } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { commandKindLabels } from '../lib/command-options.ts';
import { useCommandLabels } from '../lib/use-command-labels.ts';
import { useDeviceNames } from '../lib/use-device-names.ts';
import { StepValue } from './step-value.tsx';

export const DELETE_STEP_CONFIRMATION = 'Are you sure you want to delete this step?';

interface StepsTableProps {
  steps: WorkflowStep[];
  /** Without these the table is read-only, as on the run screen. */
  onEdit?: (step: WorkflowStep) => void;
  onDelete?: (step: WorkflowStep) => void;
  deletingId?: number | undefined;
  /** Highlights the step a run is at. */
  currentIndex?: number | null;
}

export function StepsTable({ steps, onEdit, onDelete, deletingId, currentIndex }: StepsTableProps) {
  const commandLabel = useCommandLabels();
  const deviceName = useDeviceNames();
  const columns: ColumnsType<WorkflowStep> = [
    { title: '#', key: 'position', width: 48, render: (_value, _step, index) => index + 1 },
    {
      title: 'Device',
      dataIndex: 'device_id',
      render: (_value, step) => `${deviceName(step.device_id)} (${step.device_id})`,
    },
    {
      title: 'Type',
      dataIndex: 'type',
      render: (_value, step) => commandKindLabels[step.type],
    },
    {
      title: 'Command',
      dataIndex: 'command_id',
      render: (_value, step) => commandLabel(step.type, step.command_id),
    },
    { title: 'Value', key: 'value', render: (_value, step) => <StepValue step={step} /> },
    {
      title: 'Waits',
      key: 'waits',
      render: (_value, step) => (
        <Space size={4} wrap>
          {step.wait_finish ? <Tag>Wait finish</Tag> : null}
          {step.wait_device.map((wait, index) => (
            <Tag key={index} color="blue">
              {wait.device_id} {commandLabel(wait.type, wait.command_id)} {wait.condition}{' '}
              {wait.command_value}
            </Tag>
          ))}
        </Space>
      ),
    },
  ];
  if (onEdit && onDelete) {
    columns.push({
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, step, index) => (
        <Space size="small">
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit step ${index + 1}`}
            onClick={() => onEdit(step)}
          >
            Edit
          </Button>
          <Popconfirm
            title="Delete step"
            description={DELETE_STEP_CONFIRMATION}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(step)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={deletingId === step.id}
              aria-label={`Delete step ${index + 1}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <Table<WorkflowStep>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={steps}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowClassName={(_step, index) => (index === currentIndex ? 'ant-table-row-selected' : '')}
      locale={{
        emptyText: (
          <EmptyState
            title="No steps yet"
            description="Steps are the commands the plant runs, in order, when the workflow starts."
          />
        ),
      }}
    />
  );
}
