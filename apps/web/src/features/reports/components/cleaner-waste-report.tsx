import type { CleanerWasteReport as CleanerWasteData } from '@roastery/contract';
import { useReport } from '../api/get-report.ts';
import { barChart, pivot } from '../lib/chart-options.ts';
import type { Period } from '../lib/period.ts';
import { ReportSection, type ReportColumn } from './report-section.tsx';

type Row = CleanerWasteData['rows'][number];

const columns: ReportColumn<Row>[] = [
  { key: 'day', title: 'Day', value: (r) => r.day, identity: true },
  { key: 'silo', title: 'Silo', value: (r) => r.silo, identity: true },
  { key: 'bean', title: 'Bean', value: (r) => r.bean_name },
  { key: 'drawn', title: 'Drawn (lbs)', value: (r) => r.drawn, align: 'right' },
  { key: 'waste', title: 'Waste (lbs)', value: (r) => r.waste, align: 'right' },
  { key: 'percent', title: 'Waste %', value: (r) => r.percent, align: 'right' },
];

/** What the cleaner took out of each silo's draws, per day. */
export function CleanerWasteReport({ period }: { period: Period }) {
  const query = useReport('cleaner_waste', period);
  const rows = query.data?.rows;
  const chart =
    rows &&
    pivot(
      rows,
      (r) => r.day,
      (r) => r.silo,
      (r) => r.waste,
    );
  return (
    <ReportSection
      title="Cleaner waste per day and silo"
      query={query}
      rows={rows}
      columns={columns}
      rowKey={(r) => `${r.day}-${r.silo}-${r.bean_name}`}
      fileName="cleaner-waste"
      chart={
        chart && {
          label: 'Cleaner waste lbs per day by silo',
          option: barChart(chart.categories, chart.series, { stacked: true }),
        }
      }
    />
  );
}
