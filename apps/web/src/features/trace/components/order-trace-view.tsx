import { Link } from 'react-router';
import Descriptions from 'antd/es/descriptions';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { OrderTrace } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { TraceBatches } from './trace-batches.tsx';
import styles from './trace-view.module.css';

const lotLink = (lot: string) => <Link to={paths.trace.getHref({ lot })}>{lot}</Link>;

/** An order traced back: the roasted lots packed for it and the green lots roasted into them. */
export function OrderTraceView({ trace }: { trace: OrderTrace }) {
  return (
    <div className={styles.stack}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="Order">{formatOrderNumber(trace.order_id)}</Descriptions.Item>
        <Descriptions.Item label="Batches">
          <TraceBatches batches={trace.batches} />
        </Descriptions.Item>
      </Descriptions>
      <section aria-labelledby="trace-roasted">
        <Typography.Title level={5} id="trace-roasted">
          Roasted lots
        </Typography.Title>
        <Table
          rowKey="lot_number"
          size="small"
          pagination={false}
          dataSource={trace.roasted_lots}
          columns={[
            { title: 'Lot number', dataIndex: 'lot_number', render: lotLink },
            {
              title: 'Amount',
              dataIndex: 'lbs',
              align: 'right',
              render: (value: number) => formatLbs(value),
            },
          ]}
          locale={{ emptyText: <EmptyState description="No roasted lot is booked to it yet." /> }}
        />
      </section>
      <section aria-labelledby="trace-green">
        <Typography.Title level={5} id="trace-green">
          Green lots
        </Typography.Title>
        <Table
          rowKey="lot_number"
          size="small"
          pagination={false}
          dataSource={trace.green_lots}
          columns={[
            { title: 'Lot number', dataIndex: 'lot_number', render: lotLink },
            { title: 'Bean', dataIndex: 'bean_name' },
            {
              title: 'Amount',
              dataIndex: 'lbs',
              align: 'right',
              render: (value: number) => formatLbs(value),
            },
          ]}
          locale={{ emptyText: <EmptyState description="No green lot is traced to it yet." /> }}
        />
      </section>
    </div>
  );
}
