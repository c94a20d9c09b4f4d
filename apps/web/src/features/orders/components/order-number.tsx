import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { orderStatusLook } from '../lib/order-status.ts';
import styles from './orders.module.css';

/** The order number, zero-padded and coloured by its status, which the tooltip names. */
export function OrderNumber({ orderId, status }: { orderId: number; status: number }) {
  const look = orderStatusLook(status);
  return (
    <Tooltip title={look.label}>
      <Tag color={look.color} className={styles.orderNumber}>
        {formatOrderNumber(orderId)}
      </Tag>
    </Tooltip>
  );
}
