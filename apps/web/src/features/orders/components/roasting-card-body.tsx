import type { ReactNode } from 'react';
import type { RoastingOrder } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { formatBatchProgress } from '../../../lib/batch-label.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { RecipePopover } from './recipe-popover.tsx';
import styles from './board.module.css';

/** A roasting order on a kanban card: what, for whom, how much is left, where, and when. */
export function RoastingCardBody({
  order,
  actions,
}: {
  order: RoastingOrder;
  actions?: ReactNode;
}) {
  return (
    <>
      <div className={styles.cardBody}>
        <span className={styles.cardLabel}>Product</span>
        <RecipePopover product={order.product} />
        <span className={styles.cardLabel}>Customer</span>
        <span>{order.order_customer || '—'}</span>
        <span className={styles.cardLabel}>Quantity</span>
        <span>{formatLbs(order.order_qty)}</span>
        <span className={styles.cardLabel}>Batches</span>
        <span>{formatBatchProgress(order)}</span>
        <span className={styles.cardLabel}>Roaster</span>
        <span>{order.roast_device_name ?? '—'}</span>
        <span className={styles.cardLabel}>Fullfilment</span>
        <span>
          <DateText value={order.fulfillment_date} style="notification" />
        </span>
      </div>
      {actions ? <div className={styles.cardActions}>{actions}</div> : null}
    </>
  );
}
