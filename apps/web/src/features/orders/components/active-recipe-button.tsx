import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Popover from 'antd/es/popover';
import Tag from 'antd/es/tag';
import { FireOutlined } from '@ant-design/icons';
import type { RoastingOrder } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { useActiveOrders } from '../api/get-active-orders.ts';
import styles from './active-recipe-button.module.css';

/** The spec rotates several active recipes in the header every 10 s. */
export const RECIPE_ROTATION_MS = 10_000;

/** The index of the order shown, moving on every RECIPE_ROTATION_MS while there are several. */
function useRotation(count: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => setTick((t) => t + 1), RECIPE_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [count]);
  return count === 0 ? 0 : tick % count;
}

function RecipeDetails({ order }: { order: RoastingOrder }) {
  const done = order.total_split - order.reaming_batch;
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'order', label: 'Order', children: formatOrderNumber(order.order_id) },
        { key: 'customer', label: 'Customer', children: order.order_customer || '—' },
        {
          key: 'recipe',
          label: 'Recipe',
          children: (
            <ul className={styles.recipe}>
              {order.product.product_recipes.map((line) => (
                <li key={line.bean_id}>
                  {line.bean_name} <span className={styles.ratio}>{line.ratio}%</span>
                </li>
              ))}
            </ul>
          ),
        },
        { key: 'qty', label: 'Quantity', children: formatLbs(order.order_qty) },
        {
          key: 'batches',
          label: 'Batches',
          children: `${done} of ${order.total_split} started`,
        },
        {
          key: 'roaster',
          label: 'Roaster',
          children: order.roast_device_name ?? order.roast_device ?? '—',
        },
      ]}
    />
  );
}

/**
 * The header's active recipe: the product being roasted now, with its recipe on click. With
 * several orders under way it shows each in turn, every 10 s. Compact (on a phone), the button
 * is the icon alone and the popover tells the rest.
 */
export function ActiveRecipeButton({ compact = false }: { compact?: boolean }) {
  const active = useActiveOrders();
  const orders = active.data ?? [];
  const index = useRotation(orders.length);
  const order = orders[index];

  const content = order ? (
    <RecipeDetails order={order} />
  ) : (
    <EmptyState
      description={
        active.isError
          ? errorMessage(active.error)
          : 'There is no active recipe. The recipe of each order being roasted will show here.'
      }
    />
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={order ? `Active Recipe: ${order.product_name}` : 'Active Recipe'}
      content={<div className={styles.content}>{content}</div>}
    >
      <Button
        icon={<FireOutlined />}
        className={styles.button}
        aria-label={order ? `Active recipe ${order.product_name}` : 'Active Recipe'}
      >
        {compact ? null : (
          <span className={styles.label} data-testid="active-recipe">
            {order ? order.product_name : 'Active Recipe'}
          </span>
        )}
        {orders.length > 1 && !compact ? (
          <Tag className={styles.counter}>
            {index + 1}/{orders.length}
          </Tag>
        ) : null}
      </Button>
    </Popover>
  );
}
