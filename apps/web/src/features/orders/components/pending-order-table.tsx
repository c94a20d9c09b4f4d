import Popconfirm from 'antd/es/popconfirm';
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
import { ActionButton } from '../../../components/responsive-table/action-button.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import type { OrderPage } from '../api/order-keys.ts';
import { isEditable } from '../lib/order-status.ts';
import { orderStatusField, roastingOrderColumns } from './order-columns.tsx';
import { PagedOrderTable } from './paged-order-table.tsx';

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

/** Delete, Edit, Start and Devices of a pending order, in the list and on its kanban card. */
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
    <>
      <Popconfirm
        title="Delete order"
        description={orderMessages.deleteConfirm}
        okText="Yes"
        cancelText="No"
        okButtonProps={{ danger: true, size: 'large' }}
        cancelButtonProps={{ size: 'large' }}
        onConfirm={() => actions.onDelete(order)}
      >
        <ActionButton
          danger
          label="Delete"
          name={`Delete order ${number}`}
          icon={<DeleteOutlined />}
          disabled={processing}
          loading={actions.deletingId === order.order_id}
        />
      </Popconfirm>
      {isEditable(order) ? (
        <ActionButton
          label="Edit"
          name={`Edit order ${number}`}
          icon={<EditOutlined />}
          onClick={() => actions.onEdit(order)}
        />
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
        <ActionButton
          type="primary"
          label="Start"
          name={`Start order ${number}`}
          icon={<PlayCircleOutlined />}
          disabled={processing}
          loading={actions.startingId === order.order_id}
        />
      </Popconfirm>
      <ActionButton
        label="Devices"
        hint="Start with chosen devices"
        name={`Start order ${number} with chosen devices`}
        icon={<NodeIndexOutlined />}
        disabled={processing}
        onClick={() => actions.onStartWithDevices(order)}
      />
    </>
  );
}

interface PendingOrderTableProps {
  query: UseQueryResult<OrderListReply>;
  page: OrderPage;
  onPage: (page: OrderPage) => void;
  actions: PendingOrderActions;
}

const pendingColumns: ResponsiveColumn<RoastingOrder>[] = [
  ...roastingOrderColumns,
  orderStatusField,
];

/**
 * The pending list (L view): the spec's columns, then Delete, Edit, Start and Devices, as icons
 * in a table and with their words on a phone's card.
 */
export function PendingOrderTable({ query, page, onPage, actions }: PendingOrderTableProps) {
  return (
    <PagedOrderTable<RoastingOrder>
      label="Pending orders"
      query={query}
      columns={pendingColumns}
      actions={{
        title: 'Actions',
        width: 156,
        render: (order) => <PendingOrderButtons order={order} actions={actions} />,
      }}
      page={page}
      onPage={onPage}
      emptyText="Roasting orders waiting to start appear here."
    />
  );
}
