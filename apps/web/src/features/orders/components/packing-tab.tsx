import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import {
  DeleteOutlined,
  FileProtectOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { orderMessages, OrderStatus, type PackingOrder } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { QueryState, TableSkeleton } from '../../../components/query-state.tsx';
import { ActionButton } from '../../../components/responsive-table/action-button.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { useDeletePacking, usePackingOrders, useStartPacking } from '../api/packing-orders.ts';
import { useSavePackingPriority } from '../api/save-priority.ts';
import { formatPackingQuantity } from '../lib/order-status.ts';
import { OrderNumber } from './order-number.tsx';
import { packingDateColumns, packingOrderColumns } from './packing-columns.tsx';
import { PackingFormModal } from './packing-form-modal.tsx';
import { PriorityBoard } from './priority-board.tsx';
import { RecipePopover } from './recipe-popover.tsx';
import { ViewSwitch, type OrderView } from './view-switch.tsx';
import styles from './orders.module.css';
import boardStyles from './board.module.css';

const isProcessing = (order: PackingOrder) => order.status === OrderStatus.PackingProcessing;

const packingListColumns: ResponsiveColumn<PackingOrder>[] = [
  ...packingOrderColumns,
  ...packingDateColumns,
  {
    key: 'status',
    title: 'Status',
    width: 124,
    render: (order) => <PackingStatus order={order} />,
  },
];

function PackingStatus({ order }: { order: PackingOrder }) {
  return isProcessing(order) ? (
    <Tag icon={<SyncOutlined spin />} color="processing">
      Processing
    </Tag>
  ) : (
    <Tag>Pending</Tag>
  );
}

/** Packing orders: list or kanban, New Packing, and Start Packing after the hopper check. */
export function PackingTab() {
  const [view, setView] = useState<OrderView>('L');
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<PackingOrder | undefined>();
  const orders = usePackingOrders();
  const deletion = useDeletePacking();
  const start = useStartPacking();
  const savePriority = useSavePackingPriority();
  const navigate = useNavigate();
  const { message, notification } = useFeedback();

  const onError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const startPacking = () => {
    if (!confirming) return;
    // A refusal (lots not released, no beans in the bin, ...) shows in the dialog, where Start
    // was pressed, until it is closed.
    start.mutate(confirming.order_id, {
      onSuccess: (reply) => {
        setConfirming(undefined);
        void message.success(reply.message);
        void navigate(paths.admin.flowTest.getHref(reply.workflow_id));
      },
    });
  };

  const openStart = (order: PackingOrder | undefined) => {
    start.reset();
    setConfirming(order);
  };

  const buttons = (order: PackingOrder) => {
    const number = formatOrderNumber(order.order_id);
    return (
      <>
        <ActionButton
          type="primary"
          label="Start Packing"
          name={`Start packing order ${number}`}
          icon={<PlayCircleOutlined />}
          disabled={isProcessing(order)}
          onClick={() => openStart(order)}
        />
        <ActionButton
          label="Packing checks"
          hint="Metal detector and check-weigher checks"
          name={`Packing checks of order ${number}`}
          icon={<FileProtectOutlined />}
          onClick={() => void navigate(paths.foodSafety.getHref({ packing: order.order_id }))}
        />
        <Popconfirm
          title="Delete order"
          description={orderMessages.deleteConfirm}
          okText="Yes"
          cancelText="No"
          okButtonProps={{ danger: true, size: 'large' }}
          cancelButtonProps={{ size: 'large' }}
          onConfirm={() =>
            deletion.mutate(order.order_id, {
              onSuccess: () => void message.success(orderMessages.deleted),
              onError,
            })
          }
        >
          <ActionButton
            danger
            label="Delete"
            name={`Delete packing order ${number}`}
            icon={<DeleteOutlined />}
            disabled={isProcessing(order)}
            loading={deletion.isPending && deletion.variables === order.order_id}
          />
        </Popconfirm>
      </>
    );
  };

  const list = (
    <QueryState query={orders} loading={<TableSkeleton />}>
      {(data) => (
        <ResponsiveTable<PackingOrder>
          label="Packing orders"
          rowKey={(order) => order.order_id}
          columns={packingListColumns}
          actions={{ title: 'Actions', width: 120, render: buttons }}
          rows={data.data}
          empty={<EmptyState description="Packing orders waiting or running appear here." />}
        />
      )}
    </QueryState>
  );

  return (
    <>
      <div className={styles.toolbar}>
        <ViewSwitch value={view} onChange={setView} />
        <Button
          type="primary"
          className={styles.button}
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
        >
          New Packing
        </Button>
      </div>
      {view === 'L' ? (
        list
      ) : (
        <QueryState query={orders}>
          {(data) => (
            <PriorityBoard
              columns={data.kanban}
              cardTitle={(order) => (
                <>
                  <OrderNumber orderId={order.order_id} status={order.order_status} />
                  <PackingStatus order={order} />
                </>
              )}
              cardBody={(order) => (
                <>
                  <div className={boardStyles.cardBody}>
                    <span className={boardStyles.cardLabel}>Product</span>
                    <RecipePopover product={order.product} />
                    <span className={boardStyles.cardLabel}>Quantity</span>
                    <span>{formatPackingQuantity(order.order_qty)}</span>
                  </div>
                  <div className={boardStyles.cardActions}>{buttons(order)}</div>
                </>
              )}
              onSave={savePriority.mutateAsync}
              failureMessage={orderMessages.prioritySaveFailed}
            />
          )}
        </QueryState>
      )}
      <PackingFormModal open={creating} onClose={() => setCreating(false)} />
      <Modal
        title="Start Packing"
        open={confirming !== undefined}
        okText="Start Packing"
        confirmLoading={start.isPending}
        onOk={startPacking}
        onCancel={() => openStart(undefined)}
        destroyOnHidden
      >
        {orderMessages.packingStart}
        {start.isError ? (
          <Alert
            className={styles.startRefusal}
            type="error"
            showIcon
            title="Packing cannot start"
            description={errorMessage(start.error)}
          />
        ) : null}
      </Modal>
    </>
  );
}
