import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { SystemStatus } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RoasterCards } from '../../../components/roaster-cards.tsx';
import { formatBatchProgress } from '../../../lib/batch-label.ts';
import { useSystemStatus } from '../api/get-system-status.ts';
import { OrderNumber } from './order-number.tsx';
import styles from './orders.module.css';

/** The plant's roasting at a glance: orders under way with their batches, and the roasters. */
export function SystemStatusPanel() {
  const status = useSystemStatus();
  return <QueryState query={status}>{(data) => <SystemStatusCard status={data} />}</QueryState>;
}

function SystemStatusCard({ status: { orders, roasters, inActive } }: { status: SystemStatus }) {
  return (
    <Card title="System Status" className={styles.panel} size="small">
      <Typography.Title level={5}>Roasters</Typography.Title>
      <RoasterCards roasters={roasters} />
      <Typography.Title level={5} className={styles.statusHeading}>
        Orders
      </Typography.Title>
      {orders.length === 0 ? (
        <EmptyState description="Orders being roasted appear here with their batches." />
      ) : (
        <div className={styles.statusList}>
          {orders.map((order) => {
            const step = order.timeline.at(-1);
            return (
              <Card
                key={order.order_id}
                size="small"
                title={<OrderNumber orderId={order.order_id} status={order.status} />}
              >
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label="Product">{order.product_name}</Descriptions.Item>
                  <Descriptions.Item label="Batches">
                    {formatBatchProgress(order)}
                  </Descriptions.Item>
                  <Descriptions.Item label="Roaster">
                    {order.roast_device_name ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label="Step">
                    {step ? (
                      <span>
                        {step.message} (<DateText value={step.at} style="spelledTime" />)
                      </span>
                    ) : (
                      '—'
                    )}
                  </Descriptions.Item>
                </Descriptions>
              </Card>
            );
          })}
        </div>
      )}
      {inActive.length > 0 ? (
        <div className={styles.statusHeading}>
          Inactive:{' '}
          {inActive.map((device) => (
            <Tag key={device.device_id}>{device.device_name}</Tag>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
