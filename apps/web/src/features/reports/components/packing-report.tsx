import { Fragment } from 'react';
import dayjs from 'dayjs';
import type { PackingRecord } from '@roastery/contract';
import { formatListDate } from '../../../lib/format-date.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { useReport } from '../api/get-report.ts';
import { barChart, pivot } from '../lib/chart-options.ts';
import type { Period } from '../lib/period.ts';
import { ReportSection, type ReportColumn } from './report-section.tsx';
import styles from './reports.module.css';

/** One bin of one packed order: the record's fields, flattened for the table and the export. */
type Row = Omit<PackingRecord, 'bins'> & PackingRecord['bins'][number];

const columns: ReportColumn<Row>[] = [
  {
    key: 'order_id',
    title: 'Order',
    value: (r) => formatOrderNumber(r.order_id),
    identity: true,
    nowrap: true,
  },
  { key: 'customer', title: 'Customer', value: (r) => r.customer, identity: true },
  { key: 'recipe', title: 'Recipe', value: (r) => r.recipe },
  {
    key: 'packed_date',
    title: 'Packed',
    value: (r) => r.packed_date,
    render: (r) => formatListDate(r.packed_date),
  },
  {
    key: 'total_weight',
    title: 'Total weight (lbs)',
    value: (r) => r.total_weight,
    align: 'right',
  },
  { key: 'bin', title: 'Bin', value: (r) => r.device_id },
  { key: 'bean_name', title: 'Bean', value: (r) => r.bean_name },
  { key: 'amount', title: 'Amount (lbs)', value: (r) => r.amount, align: 'right' },
  { key: 'lot_number', title: 'Lot number', value: (r) => r.lot_number, nowrap: true },
  {
    key: 'roasted_date',
    title: 'Roasted',
    value: (r) => r.roasted_date,
    render: (r) => (r.roasted_date ? formatListDate(r.roasted_date) : ''),
  },
  {
    key: 'green_lots',
    title: 'Green lots',
    value: (r) => r.green_lots.join(' '),
    render: (r) =>
      r.green_lots.map((lot) => (
        <Fragment key={lot}>
          <span className={styles.code}>{lot}</span>{' '}
        </Fragment>
      )),
  },
];

/** Each order packed in the period, bin by bin, with the roasted lots and their roast dates. */
export function PackingReport({ period }: { period: Period }) {
  const query = useReport('packing', period);
  const rows = query.data?.flatMap(({ bins, ...order }) =>
    bins.map((bin) => ({ ...order, ...bin })),
  );
  const chart =
    rows &&
    pivot(
      rows,
      (r) => dayjs(r.packed_date).format('YYYY-MM-DD'),
      (r) => r.recipe,
      (r) => r.amount,
    );
  return (
    <ReportSection
      title="Packed orders"
      query={query}
      rows={rows}
      columns={columns}
      rowKey={(r) => `${r.order_id}-${r.device_id}-${r.lot_number}`}
      fileName="packing-report"
      chart={
        chart && {
          label: 'Packed lbs per day by recipe',
          option: barChart(chart.categories, chart.series, { stacked: true }),
        }
      }
    />
  );
}
