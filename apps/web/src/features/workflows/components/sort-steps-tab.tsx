import { useState, type HTMLAttributes } from 'react';
import {
  closestCenter,
  DndContext,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { SaveOutlined } from '@ant-design/icons';
import type { WorkflowStep } from '@roastery/contract';
import { DragHandle } from '../../../components/drag-handle.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { SortableHandleContext, useSortableSensors } from '../../../lib/sortable-handle.ts';
import { useSteps } from '../api/get-steps.ts';
import { useSortSteps } from '../api/sort-steps.ts';
import { useCommandLabels } from '../lib/use-command-labels.ts';
import { useDeviceNames } from '../lib/use-device-names.ts';
import { StepValue } from './step-value.tsx';
import styles from './configuration-tabs.module.css';

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': number }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: props['data-row-key'] });
  return (
    <SortableHandleContext value={{ setActivatorNodeRef, listeners, attributes }}>
      <tr
        {...props}
        ref={setNodeRef}
        className={[props.className, isDragging ? styles.dragging : ''].join(' ')}
        style={{ ...props.style, transform: CSS.Translate.toString(transform), transition }}
      />
    </SortableHandleContext>
  );
}

function byOrder(steps: WorkflowStep[], order: number[] | null): WorkflowStep[] {
  if (!order) return steps;
  const byId = new Map(steps.map((step) => [step.id, step]));
  return order.flatMap((id) => byId.get(id) ?? []);
}

/** Reorders the steps by dragging; Save Sort appears once the order differs from the saved one. */
export function SortStepsTab({ workflowId }: { workflowId: number }) {
  const steps = useSteps(workflowId);
  const saving = useSortSteps(workflowId);
  const commandLabel = useCommandLabels();
  const deviceName = useDeviceNames();
  const { message, notification } = useFeedback();
  /** The order being arranged, or null while it is the saved one. */
  const [order, setOrder] = useState<number[] | null>(null);
  const sensors = useSortableSensors();

  if (!steps.data) {
    return steps.isError ? (
      <LoadError
        error={steps.error}
        retrying={steps.isFetching}
        onRetry={() => void steps.refetch()}
      />
    ) : (
      <Skeleton active title={false} paragraph={{ rows: 4 }} />
    );
  }
  const saved = steps.data;
  const rows = byOrder(saved, order);
  const changed = order !== null && order.some((id, index) => saved[index]?.id !== id);

  const ids = rows.map((step) => step.id);
  /** 'step 2 (R1)': how the screen reader names a step, by its place in the current order. */
  const nameOf = (id: UniqueIdentifier) => {
    const index = ids.indexOf(Number(id));
    return `step ${index + 1} (${rows[index]?.device_id ?? ''})`;
  };
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped at position ${positionOf(over.id)}.`
        : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    setOrder(next);
  };
  const save = () =>
    saving.mutate(
      rows.map((step) => step.id),
      {
        onSuccess: () => {
          setOrder(null);
          void message.success('Step order saved');
        },
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );

  const columns: ColumnsType<WorkflowStep> = [
    {
      key: 'drag',
      width: 48,
      render: (_value, step, index) => (
        <DragHandle
          label={`Move step ${index + 1}: ${step.device_id}`}
          className={styles.dragHandle}
        />
      ),
    },
    { title: '#', key: 'position', width: 48, render: (_value, _step, index) => index + 1 },
    {
      title: 'Device',
      dataIndex: 'device_id',
      render: (_value, step) => `${deviceName(step.device_id)} (${step.device_id})`,
    },
    {
      title: 'Command',
      dataIndex: 'command_id',
      render: (_value, step) => commandLabel(step.type, step.command_id),
    },
    { title: 'Value', key: 'value', render: (_value, step) => <StepValue step={step} /> },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <Typography.Text type="secondary">
          Drag a row by its handle, or focus the handle and use Space and the arrow keys.
        </Typography.Text>
        {changed ? (
          <Space>
            <Button onClick={() => setOrder(null)}>Cancel</Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving.isPending}
              onClick={save}
            >
              Save Sort
            </Button>
          </Space>
        ) : null}
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements }}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Table<WorkflowStep>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            pagination={false}
            components={{ body: { row: SortableRow } }}
            locale={{
              emptyText: <EmptyState title="No steps yet" description="Add steps to sort them." />,
            }}
          />
        </SortableContext>
      </DndContext>
    </>
  );
}
