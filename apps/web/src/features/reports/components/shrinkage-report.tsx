import type { ShrinkageReport as ShrinkageData } from '@roastery/contract';
import { formatListDate } from '../../../lib/format-date.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { useReport } from '../api/get-report.ts';
import { barChart } from '../lib/chart-options.ts';
import type { Period } from '../lib/period.ts';
import { ReportSection, type ReportColumn } from './report-section.tsx';

type Figures = Pick<
  ShrinkageData['batches'][number],
  'green_in' | 'roasted_out' | 'loss' | 'percent'
>;
type BatchRow = ShrinkageData['batches'][number];
type ProductRow = ShrinkageData['products'][number];
type RoasterRow = ShrinkageData['roasters'][number];

function figureColumns<Row extends Figures>(): ReportColumn<Row>[] {
  return [
    { key: 'green', title: 'Green in (lbs)', value: (r) => r.green_in, align: 'right' },
    { key: 'roasted', title: 'Roasted out (lbs)', value: (r) => r.roasted_out, align: 'right' },
    { key: 'loss', title: 'Loss (lbs)', value: (r) => r.loss, align: 'right' },
    { key: 'percent', title: 'Shrinkage %', value: (r) => r.percent, align: 'right' },
  ];
}

const batchColumns: ReportColumn<BatchRow>[] = [
  {
    key: 'roasted_at',
    title: 'Roasted',
    value: (r) => r.roasted_at,
    render: (r) => formatListDate(r.roasted_at),
  },
  {
    key: 'order',
    title: 'Order',
    value: (r) => formatOrderNumber(r.order_id),
    identity: true,
    nowrap: true,
  },
  { key: 'lot', title: 'Roasted lot', value: (r) => r.lot_number, identity: true, nowrap: true },
  { key: 'product', title: 'Product', value: (r) => r.product_name },
  { key: 'roaster', title: 'Roaster', value: (r) => r.roaster },
  ...figureColumns<BatchRow>(),
];
const productColumns: ReportColumn<ProductRow>[] = [
  { key: 'product', title: 'Product', value: (r) => r.product_name },
  { key: 'batches', title: 'Batches', value: (r) => r.batches, align: 'right' },
  ...figureColumns<ProductRow>(),
];
const roasterColumns: ReportColumn<RoasterRow>[] = [
  { key: 'roaster', title: 'Roaster', value: (r) => r.roaster },
  { key: 'batches', title: 'Batches', value: (r) => r.batches, align: 'right' },
  ...figureColumns<RoasterRow>(),
];

/** Green into the drum against roasted out: per batch, product and roaster. */
export function ShrinkageReport({ period }: { period: Period }) {
  const query = useReport('shrinkage', period);
  const data = query.data;
  const percentChart = <Row extends Figures>(
    rows: Row[],
    name: (r: Row) => string,
    label: string,
  ) => ({
    label,
    option: barChart(rows.map(name), [{ name: 'Shrinkage', data: rows.map((r) => r.percent) }], {
      unit: '%',
    }),
  });
  return (
    <>
      <ReportSection
        title="Per product"
        query={query}
        rows={data?.products}
        columns={productColumns}
        rowKey={(r) => r.product_name}
        fileName="shrinkage-products"
        chart={
          data &&
          percentChart(data.products, (r) => r.product_name, 'Shrinkage percent per product')
        }
      />
      <ReportSection
        title="Per roaster"
        query={query}
        rows={data?.roasters}
        columns={roasterColumns}
        rowKey={(r) => r.roaster}
        fileName="shrinkage-roasters"
        chart={
          data && percentChart(data.roasters, (r) => r.roaster, 'Shrinkage percent per roaster')
        }
      />
      <ReportSection
        title="Per batch"
        query={query}
        rows={data?.batches}
        columns={batchColumns}
        rowKey={(r) => String(r.batch_id)}
        fileName="shrinkage-batches"
      />
    </>
  );
}
