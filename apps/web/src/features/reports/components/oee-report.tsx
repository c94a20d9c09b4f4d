import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import type { OeeEntry } from '@roastery/contract';
import { useReport } from '../api/get-report.ts';
import { barChart } from '../lib/chart-options.ts';
import type { Period } from '../lib/period.ts';
import { ReportSection, type ReportColumn } from './report-section.tsx';
import styles from './reports.module.css';

const NOT_DEFINED = 'not defined';
const share = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const weight = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

type Shown = (value: number | null) => string;
/** A percentage to one decimal; null is a factor with nothing to measure it against. */
const percent: Shown = (value) => (value === null ? NOT_DEFINED : share.format(value));
const ideal: Shown = (value) => (value === null ? NOT_DEFINED : whole.format(value));
const count: Shown = (value) => (value === null ? '' : whole.format(value));
const lbs: Shown = (value) => (value === null ? '' : weight.format(value));

const kindOf = (e: OeeEntry) => (e.kind === 'roaster' ? 'Roaster' : 'Packer');

/** A figure column: shown for people, exported as the number the server sent. */
const figure = (
  key: string,
  title: string,
  value: (e: OeeEntry) => number | null,
  shown: Shown,
): ReportColumn<OeeEntry> => ({
  key,
  title,
  value,
  render: (e) => shown(value(e)),
  align: 'right',
});

const columns: ReportColumn<OeeEntry>[] = [
  {
    key: 'label',
    title: 'Line',
    value: (e) => e.label,
    // Its kind under its name: one column fewer among fifteen figures.
    render: (e) => (
      <>
        {e.label}
        <div className={styles.kind}>{kindOf(e)}</div>
      </>
    ),
  },
  { key: 'kind', title: 'Kind', value: kindOf, exportOnly: true },
  figure('value', 'OEE %', (e) => e.value, percent),
  figure('availability', 'Availability %', (e) => e.availability, percent),
  figure('performance', 'Performance %', (e) => e.performance, percent),
  figure('quality', 'Quality %', (e) => e.quality, percent),
  figure('run', 'Run (min)', (e) => e.run_minutes, count),
  figure('fault', 'Fault (min)', (e) => e.fault_minutes, count),
  figure('idle', 'Idle (min)', (e) => e.idle_minutes, count),
  figure('batches', 'Batches', (e) => e.batches, count),
  figure('failed', 'Failed', (e) => e.failed, count),
  figure('empty', 'Empty', (e) => e.empty, count),
  figure('lbs', 'Lbs', (e) => e.lbs, lbs),
  figure('actual', 'Actual lbs/h', (e) => e.actual_lbs_per_hour, count),
  figure('ideal', 'Ideal lbs/h', (e) => e.ideal_lbs_per_hour, ideal),
  // Listed under the definitions: a sentence a line, too long for a column among the figures.
  { key: 'source', title: 'Ideal rate from', value: (e) => e.ideal_source, exportOnly: true },
];

/** OEE per roaster and packing line, with how each factor is computed. */
export function OeeReport({ period }: { period: Period }) {
  const query = useReport('oee', period);
  const rows = query.data;
  return (
    <>
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
      />
      <section aria-labelledby="oee-definitions" className={styles.definitions}>
        <Card title={<span id="oee-definitions">How OEE is computed</span>}>
          <Typography.Paragraph>
            OEE = Availability × Performance × Quality, per roaster and per packing line (a packing
            workflow), over the batches that ended in the period.
          </Typography.Paragraph>
          <ul>
            <li>
              <strong>Availability</strong> = run time ÷ (run time + fault time). Run time is the
              time of batches that finished, fault time that of batches that failed. Idle time, with
              no batch running, is shown but not counted: the console has no shift calendar to say
              when a line was meant to run. It counts only up to now.
            </li>
            <li>
              <strong>Performance</strong> = lbs handled ÷ (ideal rate × run time of the batches
              that moved beans), at most 100 %. The <strong>ideal rate</strong> comes from the
              equipment, as an administrator sets it under Device Management: for a roaster, its
              batch capacity ÷ its ideal batch cycle (green lbs charged per hour); for a packing
              line, the rated rate of the packer it drives (lbs packed per hour). A line without one
              shows Performance as “{NOT_DEFINED}” and its OEE is Availability × Quality. An actual
              rate above the ideal means the ideal is set too low.
            </li>
            <li>
              <strong>Quality</strong> = good batches ÷ batches ended. A batch is good when it
              finished and moved beans: a failed or an empty run counts against Quality.
            </li>
          </ul>
          {rows && rows.length > 0 ? (
            <>
              <Typography.Paragraph strong>Ideal rates of the lines above</Typography.Paragraph>
              <ul>
                {rows.map((e) => (
                  <li key={`${e.kind}-${e.label}`}>
                    <strong>{e.label}</strong> — <span>{e.ideal_source}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Card>
      </section>
    </>
  );
}
