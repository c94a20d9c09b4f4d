import Card from 'antd/es/card';
import type { SummaryReport as SummaryReportData } from '@roastery/contract';
import Statistic from 'antd/es/statistic';
import { useReport } from '../api/get-report.ts';
import { barChart } from '../lib/chart-options.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { orderStatusLook } from '../../../lib/order-status.ts';
import type { Period } from '../lib/period.ts';
import { ReportSection, type ReportColumn } from './report-section.tsx';
import styles from './reports.module.css';

type Day = SummaryReportData['days'][number];
type OrderCount = SummaryReportData['orders'][number];

const figures = [
  { key: 'green_received', title: 'Green received' },
  { key: 'roasted', title: 'Roasted' },
  { key: 'packed', title: 'Packed' },
  { key: 'cleaner_waste', title: 'Cleaner waste' },
  { key: 'roast_loss', title: 'Roast loss' },
] as const;

const dayColumns: ReportColumn<Day>[] = [
  { key: 'day', title: 'Day', value: (d) => d.day },
  ...figures.map((f) => ({
    key: f.key,
    title: `${f.title} (lbs)`,
    value: (d: Day) => d[f.key],
    align: 'right' as const,
  })),
];

const orderColumns: ReportColumn<OrderCount>[] = [
  {
    key: 'kind',
    title: 'Orders',
    value: (o) => (o.kind === 'roasting' ? 'Roasting' : 'Packing'),
    identity: true,
  },
  {
    key: 'status',
    title: 'Status',
    value: (o) => orderStatusLook(o.status).label,
    identity: true,
  },
  { key: 'count', title: 'Count', value: (o) => o.count, align: 'right' },
];

/** Green received, roasted, packed, waste and loss over the period; orders by status. */
export function SummaryReport({ period }: { period: Period }) {
  const query = useReport('summary', period);
  const data = query.data;
  return (
    <>
      <div className={styles.figures}>
        {figures.map((f) => (
          <Card key={f.key} size="small">
            <Statistic title={f.title} value={data ? formatLbs(data[f.key]) : '-'} />
          </Card>
        ))}
      </div>
      <ReportSection
        title="Per day"
        query={query}
        rows={data?.days}
        columns={dayColumns}
        rowKey={(d) => d.day}
        fileName="summary-per-day"
        chart={
          data && {
            label: 'Weights per day',
            option: barChart(
              data.days.map((d) => d.day),
              figures.map((f) => ({ name: f.title, data: data.days.map((d) => d[f.key]) })),
            ),
          }
        }
      />
      <ReportSection
        title="Orders by status"
        query={query}
        rows={data?.orders}
        columns={orderColumns}
        rowKey={(o) => `${o.kind}-${o.status}`}
        fileName="summary-orders"
        chart={
          data && {
            label: 'Orders by status',
            option: barChart(
              data.orders.map(
                (o) =>
                  `${o.kind === 'roasting' ? 'Roasting' : 'Packing'} ${orderStatusLook(o.status).label}`,
              ),
              [{ name: 'Orders', data: data.orders.map((o) => o.count) }],
              { unit: 'orders' },
            ),
          }
        }
      />
    </>
  );
}
