import { Link } from 'react-router';
import Descriptions from 'antd/es/descriptions';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import type { LotTrace, TraceBatch } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { formatTraceBatch } from '../../../lib/batch-label.ts';
import { formatGreenLot } from '../../../lib/format-green-lot.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { movementReason } from '../lib/movement-reasons.ts';
import { TraceBatches } from './trace-batches.tsx';
import styles from './trace-view.module.css';

type Movement = LotTrace['movements'][number];

function movementText(movement: Movement, batches: TraceBatch[]): string {
  const route =
    movement.from && movement.to
      ? `${movement.from} → ${movement.to}`
      : movement.to
        ? `into ${movement.to}`
        : movement.from
          ? `out of ${movement.from}`
          : '';
  const batch = batches.find((b) => b.batch_id === movement.batch_id);
  return [
    movementReason(movement.reason),
    route,
    formatLbs(movement.lbs),
    batch ? formatTraceBatch(batch) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A lot traced forward: where it is, how it moved, and what it became. */
export function LotTraceView({ trace }: { trace: LotTrace }) {
  return (
    <div className={styles.stack}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label="Lot number">{trace.lot_number}</Descriptions.Item>
        <Descriptions.Item label="Bean">{trace.bean_name}</Descriptions.Item>
        <Descriptions.Item label="Kind">
          <Tag color={trace.kind === 'green' ? 'green' : 'volcano'}>{trace.kind}</Tag>
        </Descriptions.Item>
        {trace.kind === 'green' ? (
          <Descriptions.Item label="Moisture · density">
            {formatGreenLot(trace.moisture_pct, trace.density_g_per_l)}
          </Descriptions.Item>
        ) : null}
      </Descriptions>

      <section aria-labelledby="trace-held">
        <Typography.Title level={5} id="trace-held">
          Where it is now
        </Typography.Title>
        <Table
          rowKey="device_id"
          size="small"
          pagination={false}
          dataSource={trace.held}
          columns={[
            { title: 'Device', dataIndex: 'device_name' },
            { title: 'Code', dataIndex: 'device_id' },
            {
              title: 'Amount',
              dataIndex: 'lbs',
              align: 'right',
              render: (value: number) => formatLbs(value),
            },
          ]}
          locale={{ emptyText: <EmptyState description="No device holds this lot now." /> }}
        />
      </section>

      <section aria-labelledby="trace-movements">
        <Typography.Title level={5} id="trace-movements">
          Movements
        </Typography.Title>
        {trace.movements.length === 0 ? (
          <EmptyState description="This lot has not moved yet." />
        ) : (
          <Timeline
            items={trace.movements.map((movement, index) => ({
              key: `${movement.at}-${index}`,
              title: <DateText value={movement.at} style="spelledTime" />,
              content: movementText(movement, trace.batches),
            }))}
          />
        )}
      </section>

      <Descriptions bordered size="small" column={1} title="Went into">
        <Descriptions.Item label="Batches">
          <TraceBatches batches={trace.batches} />
        </Descriptions.Item>
        <Descriptions.Item label="Roasted lots">
          {trace.roasted_lots.length === 0
            ? '—'
            : trace.roasted_lots.map((lot) => (
                <Link key={lot} to={paths.trace.getHref({ lot })} className={styles.link}>
                  {lot}
                </Link>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label="Roasting orders">
          {trace.roasting_orders.length === 0
            ? '—'
            : trace.roasting_orders.map((order) => (
                <Link key={order} to={paths.trace.getHref({ order })} className={styles.link}>
                  {formatOrderNumber(order)}
                </Link>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label="Packing orders">
          {trace.orders.length === 0
            ? '—'
            : trace.orders.map((order) => (
                <Link key={order} to={paths.trace.getHref({ order })} className={styles.link}>
                  {formatOrderNumber(order)}
                </Link>
              ))}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
