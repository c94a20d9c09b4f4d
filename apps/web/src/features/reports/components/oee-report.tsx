import Typography from 'antd/es/typography';
import type { OeeEntry } from '@roastery/contract';
import { useReport } from '../api/get-report.ts';
import { barChart } from '../lib/chart-options.ts';
import type { Period } from '../lib/period.ts';
import { ReportSection, type ReportColumn } from './report-section.tsx';
import styles from './reports.module.css';

const columns: ReportColumn<OeeEntry>[] = [
  { key: 'label', title: 'Line', value: (e) => e.label },
  { key: 'kind', title: 'Kind', value: (e) => (e.kind === 'roaster' ? 'Roaster' : 'Packer') },
  { key: 'value', title: 'OEE %', value: (e) => e.value, align: 'right' },
  { key: 'availability', title: 'Availability %', value: (e) => e.availability, align: 'right' },
  { key: 'performance', title: 'Performance %', value: (e) => e.performance, align: 'right' },
  { key: 'quality', title: 'Quality %', value: (e) => e.quality, align: 'right' },
  { key: 'run', title: 'Run (min)', value: (e) => e.run_minutes, align: 'right' },
  { key: 'fault', title: 'Fault (min)', value: (e) => e.fault_minutes, align: 'right' },
  { key: 'idle', title: 'Idle (min)', value: (e) => e.idle_minutes, align: 'right' },
  { key: 'batches', title: 'Batches', value: (e) => e.batches, align: 'right' },
  { key: 'failed', title: 'Failed', value: (e) => e.failed, align: 'right' },
  { key: 'lbs', title: 'Lbs', value: (e) => e.lbs, align: 'right' },
  { key: 'ideal', title: 'Ideal lbs/h', value: (e) => e.ideal_lbs_per_hour, align: 'right' },
];

/** OEE per roaster and packing line, with how each factor is computed. */
export function OeeReport({ period }: { period: Period }) {
  const query = useReport('oee', period);
  const rows = query.data;
  return (
    <ReportSection
      title="Overall equipment effectiveness"
      query={query}
      rows={rows}
      columns={columns}
      rowKey={(e) => `${e.kind}-${e.label}`}
      fileName="oee"
      chart={
        rows && {
          label: 'OEE and its factors per line',
          option: barChart(
            rows.map((e) => e.label),
            [
              { name: 'OEE', data: rows.map((e) => e.value) },
              { name: 'Availability', data: rows.map((e) => e.availability) },
              { name: 'Performance', data: rows.map((e) => e.performance) },
              { name: 'Quality', data: rows.map((e) => e.quality) },
            ],
            { unit: '%' },
          ),
        }
      }
    >
      <Typography className={styles.definitions}>
        <Typography.Paragraph>
          OEE = Availability x Performance x Quality, per roaster and per packing line (a packing
          workflow), over the batches that ended in the period.
        </Typography.Paragraph>
        <ul>
          <li>
            Availability: run time / (run time + fault time). Run time is the time of batches that
            finished, fault time that of batches that failed; idle time, with no batch, is shown but
            not counted, since the plant plans no shifts in the console.
          </li>
          <li>
            Performance: weight handled / (ideal rate x run time). The ideal rate is the best rate
            the line ever reached on a finished batch (green lbs charged per hour for a roaster, lbs
            packed per hour for a packer).
          </li>
          <li>Quality: batches finished / batches ended (finished or failed).</li>
        </ul>
      </Typography>
    </ReportSection>
  );
}
