import Table, { type ColumnsType } from 'antd/es/table';
import { recallEventLabels, type RecallRecord } from '@roastery/contract';
import { formatListDate } from '../../../lib/format-date.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';

type Row = RecallRecord & { key: number };

const text = (pick: (r: RecallRecord) => string | null) => ({
  render: (_: unknown, r: Row) => pick(r) ?? '',
  sorter: (a: Row, b: Row) => (pick(a) ?? '').localeCompare(pick(b) ?? '', 'en'),
});

/** Every column sorts: a person under stress sorts by customer, by date or by lot at once. */
const columns: ColumnsType<Row> = [
  { key: 'lot', title: 'Lot code', ...text((r) => r.lot_code) },
  { key: 'product', title: 'Product', ...text((r) => r.product) },
  {
    key: 'quantity',
    title: 'Quantity',
    align: 'right',
    render: (_, r) => formatLbs(r.quantity),
    sorter: (a, b) => a.quantity - b.quantity,
  },
  { key: 'location', title: 'Location', ...text((r) => r.location) },
  {
    key: 'date',
    title: 'Date',
    render: (_, r) => (r.date ? formatListDate(r.date) : 'Now'),
    // Ledger order is time order; what is in stock now sorts last.
    sorter: (a, b) => (a.date ?? '\uffff').localeCompare(b.date ?? '\uffff'),
  },
  { key: 'reference', title: 'Reference document', ...text((r) => r.reference) },
  { key: 'event', title: 'Event', ...text((r) => recallEventLabels[r.event]) },
  { key: 'supplier', title: 'Supplier lot', ...text((r) => r.supplier_lot) },
];

/** One section of a recall: its traceability records, sortable by every column. */
export function RecallRecordsTable({ records, label }: { records: RecallRecord[]; label: string }) {
  return (
    <Table<Row>
      aria-label={label}
      size="small"
      columns={columns}
      dataSource={records.map((r, key) => ({ ...r, key }))}
      pagination={records.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'None' }}
    />
  );
}
