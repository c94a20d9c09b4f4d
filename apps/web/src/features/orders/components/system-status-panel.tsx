import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { OrderStatus, type SystemStatus } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatNotificationTime } from '../../../lib/format-date.ts';
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
      <div className={styles.statusList}>
        {roasters.map((roaster) => (
          <Card
            key={roaster.device_id}
            size="small"
            title={roaster.device_name}
            aria-label={`Roaster ${roaster.device_name}`}
          >
            <Tag color={roaster.active ? 'processing' : 'default'}>
              {roaster.active ? 'Active' : 'Inactive'}
            </Tag>
            {roaster.order_id !== null ? (
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="Order">
                  <OrderNumber orderId={roaster.order_id} status={OrderStatus.Processing} />
                </Descriptions.Item>
                <Descriptions.Item label="Batch">{roaster.batch ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Phase">{roaster.phase ?? '—'}</Descriptions.Item>
              </Descriptions>
            ) : null}
          </Card>
        ))}
      </div>
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
                    {order.reaming_batch} of {order.total_split} remaining
                  </Descriptions.Item>
                  <Descriptions.Item label="Roaster">
                    {order.roast_device_name ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label="Step">
                    {step ? `${step.message} (${formatNotificationTime(step.at)})` : '—'}
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
