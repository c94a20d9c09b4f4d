import { useSearchParams } from 'react-router';
import Card from 'antd/es/card';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import type { ActiveOrderFlow } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { routeText } from '../lib/route-text.ts';
import { OrderFlowDiagram } from './order-flow-diagram.tsx';
import styles from './order-flow-panel.module.css';

/** The query that keeps the order of the Order view. */
export const SELECTED_ORDER_PARAM = 's_order';
export const NO_FLOW = 'No system flow found. Please add a workflow.';

type View = 'System' | 'Order';

function orderTitle(order: ActiveOrderFlow): string {
  const who = order.order_customer ? ` (${order.order_customer})` : '';
  return `${formatOrderNumber(order.order_id)} ${order.product_name}${who}`;
}

function progress(order: ActiveOrderFlow): string | null {
  if (order.total_split === 0) return null;
  const done = order.total_split - order.reaming_batch;
  return order.batch === null
    ? `${done} of ${order.total_split} batches started`
    : `Batch ${order.batch} of ${order.total_split}`;
}

/**
 * How the order's beans go: a roasting order's route (its workflow is named after the silo and
 * bin it was drawn with, which its batches need not use), a packing order's workflow.
 */
function wayOf(order: ActiveOrderFlow): string | null {
  if (order.route) return routeText(order.route);
  return order.flow?.workflow_name ?? null;
}

function OrderFlowSection({ order }: { order: ActiveOrderFlow }) {
  const step = progress(order);
  const way = wayOf(order);
  return (
    <section className={styles.order} aria-label={`Order ${formatOrderNumber(order.order_id)}`}>
      <header className={styles.orderHeader}>
        <span className={styles.orderTitle}>{orderTitle(order)}</span>
        <Tag color={order.kind === 'packing' ? 'purple' : 'orange'}>
          {order.kind === 'packing' ? 'Packing' : 'Roasting'}
        </Tag>
        {order.ord_tig === 1 || order.status === 5 ? <Tag color="red">Stop Roasting</Tag> : null}
        {step ? <span className={styles.progress}>{step}</span> : null}
        {way ? <span className={styles.workflow}>{way}</span> : null}
      </header>
      {order.flow ? (
        <OrderFlowDiagram
          flow={order.flow}
          label={`Flow of order ${formatOrderNumber(order.order_id)}`}
        />
      ) : (
        <EmptyState
          title={NO_FLOW}
          description="The workflow of this order has no diagram yet; draw it in the workflow designer."
        />
      )}
    </section>
  );
}

interface OrderFlowPanelProps {
  orders: ActiveOrderFlow[];
}

/**
 * The flow of the orders under way: the System view shows every order's diagram, the Order
 * view one order, chosen in a selector kept in the query (s_order) so a link or a reload keeps it.
 */
export function OrderFlowPanel({ orders }: OrderFlowPanelProps) {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get(SELECTED_ORDER_PARAM));
  const view: View = params.has(SELECTED_ORDER_PARAM) ? 'Order' : 'System';
  const selected = orders.find((o) => o.order_id === wanted) ?? orders[0];

  const choose = (orderId: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (orderId === null) next.delete(SELECTED_ORDER_PARAM);
        else next.set(SELECTED_ORDER_PARAM, String(orderId));
        return next;
      },
      { replace: true },
    );

  return (
    <Card
      title="Order Flow"
      extra={
        <div className={styles.controls}>
          {view === 'Order' && orders.length > 0 ? (
            <Select
              aria-label="Order"
              className={styles.select}
              value={selected?.order_id}
              onChange={(id: number) => choose(id)}
              options={orders.map((o) => ({ value: o.order_id, label: orderTitle(o) }))}
            />
          ) : null}
          <Segmented<View>
            options={['System', 'Order']}
            value={view}
            onChange={(next) => choose(next === 'Order' ? (selected?.order_id ?? 0) : null)}
          />
        </div>
      }
    >
      {orders.length === 0 ? (
        <EmptyState description="No order is being processed. The flow of each order under way appears here, its devices moving as the PLC reports." />
      ) : view === 'Order' && selected ? (
        <OrderFlowSection order={selected} />
      ) : (
        <div className={styles.orders}>
          {orders.map((order) => (
            <OrderFlowSection key={order.order_id} order={order} />
          ))}
        </div>
      )}
    </Card>
  );
}
