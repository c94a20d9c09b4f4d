import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import type { SystemStatus } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { RoasterCards } from '../../../components/roaster-cards.tsx';
import { formatBatchProgress } from '../../../lib/batch-label.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { useSystemStatus } from '../api/get-system-status.ts';
import styles from './system-info-drawer.module.css';

const DRAWER_WIDTH = 720;
/** The latest entries of a batch's timeline; the test-flow screen has the whole of it. */
const TIMELINE_ENTRIES = 8;

type StatusOrder = SystemStatus['orders'][number];

function OrderStatusTag({ order }: { order: StatusOrder }) {
  if (order.status === 5 || order.ord_tig === 1) return <Tag color="red">Stop Roasting</Tag>;
  return <Tag color="blue">Processing</Tag>;
}

function SystemTab({ status }: { status: SystemStatus }) {
  return (
    <div className={styles.system}>
      {status.orders.length === 0 ? (
        <EmptyState description="No roasting order is being processed." />
      ) : (
        status.orders.map((order) => (
          <section
            key={order.order_id}
            className={styles.order}
            aria-label={`Order ${formatOrderNumber(order.order_id)}`}
          >
            <Descriptions
              size="small"
              column={2}
              title={
                <span>
                  {formatOrderNumber(order.order_id)} {order.product_name}{' '}
                  <OrderStatusTag order={order} />
                </span>
              }
              items={[
                { key: 'customer', label: 'Customer', children: order.order_customer || '—' },
                { key: 'qty', label: 'Quantity', children: formatLbs(order.order_qty) },
                { key: 'batches', label: 'Batches', children: formatBatchProgress(order) },
                {
                  key: 'roaster',
                  label: 'Roaster',
                  children: order.roast_device_name ?? order.roast_device ?? '—',
                },
                {
                  key: 'destination',
                  label: 'Destination',
                  children: order.destination_device_name ?? order.destination_device ?? '—',
                },
              ]}
            />
            {order.timeline.length === 0 ? (
              <Typography.Text type="secondary">No batch has run yet.</Typography.Text>
            ) : (
              <Timeline
                className={styles.timeline}
                items={order.timeline.slice(-TIMELINE_ENTRIES).map((entry) => ({
                  key: entry.id,
                  content: (
                    <>
                      <Typography.Text type="secondary">
                        <DateText value={entry.at} style="notification" />
                      </Typography.Text>{' '}
                      {entry.message}
                    </>
                  ),
                }))}
              />
            )}
          </section>
        ))
      )}
      <section aria-label="Inactive devices">
        <Typography.Title level={5}>Inactive devices</Typography.Title>
        {status.inActive.length === 0 ? (
          <Typography.Text type="secondary">
            Every device is in auto mode and reported by the PLC.
          </Typography.Text>
        ) : (
          <div className={styles.inactive}>
            {status.inActive.map((device) => (
              <Tag key={device.device_id}>
                {device.device_name} ({device.device_id})
              </Tag>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

interface SystemInfoDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The system-info drawer: the roasting orders under way (System) and the roasters (Roaster). */
export function SystemInfoDrawer({ open, onClose }: SystemInfoDrawerProps) {
  const status = useSystemStatus(open);
  return (
    <Drawer title="System Info" open={open} onClose={onClose} size={DRAWER_WIDTH} destroyOnHidden>
      {status.isError && !status.data ? (
        <LoadError
          error={status.error}
          retrying={status.isFetching}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <Tabs
          items={[
            {
              key: 'system',
              label: 'System',
              children: status.data ? <SystemTab status={status.data} /> : null,
            },
            {
              key: 'roaster',
              label: 'Roaster',
              children: status.data ? (
                <RoasterCards roasters={status.data.roasters} />
              ) : (
                <Skeleton active title={false} paragraph={{ rows: 4 }} />
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
