import type { ProductionReport as ProductionReportData } from '@roastery/contract';
import { useReport } from '../api/get-report.ts';
import { barChart, pivot } from '../lib/chart-options.ts';
import type { Period } from '../lib/period.ts';
import { ReportSection, type ReportColumn } from './report-section.tsx';

type Row = ProductionReportData['rows'][number];

const columns: ReportColumn<Row>[] = [
  { key: 'day', title: 'Day', value: (r) => r.day, identity: true },
  { key: 'product', title: 'Product', value: (r) => r.product_name, identity: true },
  { key: 'roaster', title: 'Roaster', value: (r) => r.roaster },
  { key: 'batches', title: 'Batches', value: (r) => r.batches, align: 'right' },
  { key: 'lbs', title: 'Roasted (lbs)', value: (r) => r.lbs, align: 'right' },
];

/** Roasted lbs per day, product and roaster. */
export function ProductionReport({ period }: { period: Period }) {
  const query = useReport('production', period);
  const rows = query.data?.rows;
  const chart =
    rows &&
    pivot(
      rows,
      (r) => r.day,
      (r) => r.product_name,
      (r) => r.lbs,
    );
  return (
    <ReportSection
      title="Roasted per day, product and roaster"
      query={query}
      rows={rows}
      columns={columns}
      rowKey={(r) => `${r.day}-${r.product_name}-${r.roaster}`}
      fileName="production"
      chart={
        chart && {
          label: 'Roasted lbs per day by product',
          option: barChart(chart.categories, chart.series, { stacked: true }),
        }
      }
    />
  );
}
