import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { DeleteOutlined, PlayCircleOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { orderMessages, OrderStatus, type PackingOrder } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { QueryState } from '../../../components/query-state.tsx';
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
    start.mutate(confirming.order_id, {
      onSuccess: (reply) => {
        setConfirming(undefined);
        void message.success(reply.message);
        void navigate(paths.admin.flowTest.getHref(reply.workflow_id));
      },
      onError,
    });
  };

  const buttons = (order: PackingOrder) => {
    const number = formatOrderNumber(order.order_id);
    return (
      <div className={styles.actions}>
        <Button
          type="primary"
          className={styles.button}
          icon={<PlayCircleOutlined />}
          disabled={isProcessing(order)}
          aria-label={`Start packing order ${number}`}
          onClick={() => setConfirming(order)}
        >
          Start Packing
        </Button>
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
          <Button
            danger
            className={styles.button}
            icon={<DeleteOutlined />}
            disabled={isProcessing(order)}
            loading={deletion.isPending && deletion.variables === order.order_id}
            aria-label={`Delete packing order ${number}`}
          >
            Delete
          </Button>
        </Popconfirm>
      </div>
    );
  };

  const columns: ColumnsType<PackingOrder> = [
    ...packingOrderColumns,
    ...packingDateColumns,
    { title: 'Status', key: 'status', render: (_value, order) => <PackingStatus order={order} /> },
    { title: 'Actions', key: 'actions', render: (_value, order) => buttons(order) },
  ];

  const list = (
    <QueryState query={orders}>
      {(data) => (
        <Table<PackingOrder>
          rowKey="order_id"
          size="middle"
          columns={columns}
          dataSource={data.data}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{
            emptyText: <EmptyState description="Packing orders waiting or running appear here." />,
          }}
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
        onCancel={() => setConfirming(undefined)}
        destroyOnHidden
      >
        {orderMessages.packingStart}
      </Modal>
    </>
  );
}
