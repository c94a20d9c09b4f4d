import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import type { ColumnsType } from 'antd/es/table';
import {
  DeleteOutlined,
  EditOutlined,
  NodeIndexOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import {
  orderMessages,
  OrderStatus,
  type OrderListReply,
  type RoastingOrder,
} from '@roastery/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import type { OrderPage } from '../api/order-keys.ts';
import { isEditable } from '../lib/order-status.ts';
import { roastingOrderColumns } from './order-columns.tsx';
import { PagedOrderTable } from './paged-order-table.tsx';
import styles from './orders.module.css';

export interface PendingOrderActions {
  onDelete: (order: RoastingOrder) => void;
  onEdit: (order: RoastingOrder) => void;
  onStart: (order: RoastingOrder) => void;
  onStartWithDevices: (order: RoastingOrder) => void;
  deletingId: number | undefined;
  startingId: number | undefined;
}

/**
 * What starting the order sets going: the roaster drives real machines once it starts, so the
 * supervisor reads what will roast where before it does.
 */
function startSummary(order: RoastingOrder): string {
  const batches = order.total_split === 1 ? '1 batch' : `${order.total_split} batches`;
  const roaster = order.roast_device_name ? ` on ${order.roast_device_name}` : '';
  const bin = order.destination_device_name ? ` into ${order.destination_device_name}` : '';
  const weight = order.order_qty.toLocaleString('en-US');
  return `${batches} of ${order.product_name} (${weight} lbs)${roaster}${bin}.`;
}

/** Delete, Edit and Start of a pending order, in the list and on its kanban card. */
export function PendingOrderButtons({
  order,
  actions,
}: {
  order: RoastingOrder;
  actions: PendingOrderActions;
}) {
  const number = formatOrderNumber(order.order_id);
  const processing = order.status === OrderStatus.Processing;
  return (
    <div className={styles.actions}>
      <Popconfirm
        title="Delete order"
        description={orderMessages.deleteConfirm}
        okText="Yes"
        cancelText="No"
        okButtonProps={{ danger: true, size: 'large' }}
        cancelButtonProps={{ size: 'large' }}
        onConfirm={() => actions.onDelete(order)}
      >
        <Button
          danger
          className={styles.button}
          icon={<DeleteOutlined />}
          disabled={processing}
          loading={actions.deletingId === order.order_id}
          aria-label={`Delete order ${number}`}
        >
          Delete
        </Button>
      </Popconfirm>
      {isEditable(order) ? (
        <Button
          className={styles.button}
          icon={<EditOutlined />}
          aria-label={`Edit order ${number}`}
          onClick={() => actions.onEdit(order)}
        >
          Edit
        </Button>
      ) : null}
      <Popconfirm
        title={`Start order ${number}?`}
        description={startSummary(order)}
        okText="Start"
        cancelText="Not yet"
        okButtonProps={{ size: 'large' }}
        cancelButtonProps={{ size: 'large' }}
        onConfirm={() => actions.onStart(order)}
      >
        <Button
          type="primary"
          className={styles.button}
          icon={<PlayCircleOutlined />}
          disabled={processing}
          loading={actions.startingId === order.order_id}
          aria-label={`Start order ${number}`}
        >
          Start
        </Button>
      </Popconfirm>
      <Button
        className={styles.button}
        icon={<NodeIndexOutlined />}
        disabled={processing}
        aria-label={`Start order ${number} with chosen devices`}
        onClick={() => actions.onStartWithDevices(order)}
      >
        Devices
      </Button>
    </div>
  );
}

interface PendingOrderTableProps {
  query: UseQueryResult<OrderListReply>;
  page: OrderPage;
  onPage: (page: OrderPage) => void;
  actions: PendingOrderActions;
}

/** The pending list (L view): the spec's columns, then Delete, Edit and Start. */
export function PendingOrderTable({ query, page, onPage, actions }: PendingOrderTableProps) {
  const columns: ColumnsType<RoastingOrder> = [
    ...roastingOrderColumns,
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_value, order) => <PendingOrderButtons order={order} actions={actions} />,
    },
  ];
  return (
    <PagedOrderTable<RoastingOrder>
      query={query}
      columns={columns}
      page={page}
      onPage={onPage}
      emptyText="Roasting orders waiting to start appear here."
    />
  );
}
