import type { RecallReport } from '@roastery/contract';
import { toCsv, type CsvCell } from '../../../lib/csv.ts';
import type { ReportTable } from '../../../lib/report-workbook.ts';
import { formatTraceBatch } from '../../../lib/batch-label.ts';
import { describeDate } from '../../../lib/format-date.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';

/** One table of the report, its rows already turned into cells. */
export interface RecallSection {
  title: string;
  headers: string[];
  cells: CsvCell[][];
}

function section<Row>(s: {
  title: string;
  columns: { header: string; value: (row: Row) => CsvCell }[];
  rows: readonly Row[];
}): RecallSection {
  return {
    title: s.title,
    headers: s.columns.map((c) => c.header),
    cells: s.rows.map((row) => s.columns.map((c) => c.value(row))),
  };
}

/** A section as CSV text: its headers, then its cells. */
export function sectionCsv(s: RecallSection): string {
  return toCsv(
    s.headers.map((header, i) => ({ header, value: (row: CsvCell[]) => row[i] })),
    s.cells,
  );
}

/** A moment of the report as the screen and its files say it: 5 Jan 2026, 08:20 UTC. */
const moment = (value: string) => describeDate(value, true);

/**
 * The recall report's tables, in the order an inspector reads them: who has it first. Batches
 * are named by their order and place in it, times in the zone the console shows them in.
 */
export function recallSections(r: RecallReport): RecallSection[] {
  const order = formatOrderNumber;
  return [
    section({
      title: 'Customers',
      rows: r.customers,
      columns: [
        { header: 'Customer', value: (c) => c.customer },
        { header: 'Orders', value: (c) => c.orders.map(order).join(' ') },
        { header: 'Lbs', value: (c) => c.lbs },
      ],
    }),
    section({
      title: 'Packed',
      rows: r.packed,
      columns: [
        { header: 'Order', value: (p) => order(p.order_id) },
        { header: 'Customer', value: (p) => p.customer },
        { header: 'Product', value: (p) => p.product_name },
        { header: 'Roasted lot', value: (p) => p.roasted_lot },
        { header: 'Bin', value: (p) => p.bin },
        { header: 'Packed at', value: (p) => moment(p.packed_at) },
        { header: 'Lbs', value: (p) => p.lbs },
      ],
    }),
    section({
      title: 'Batches',
      rows: r.batches,
      columns: [
        { header: 'Batch', value: (b) => formatTraceBatch(b) },
        { header: 'Product', value: (b) => b.product_name },
        { header: 'Roaster', value: (b) => b.roaster },
        { header: 'Roasted at', value: (b) => moment(b.roasted_at) },
        { header: 'Green lbs', value: (b) => b.green_lbs },
        { header: 'Roasted lot', value: (b) => b.roasted_lot },
        { header: 'Roasted lbs', value: (b) => b.roasted_lbs },
      ],
    }),
    section({
      title: 'Green lots',
      rows: r.green_lots,
      columns: [
        { header: 'Lot number', value: (g) => g.lot_number },
        { header: 'Bean', value: (g) => g.bean_name },
        { header: 'Batch', value: (g) => formatTraceBatch(g) },
        { header: 'Lbs', value: (g) => g.lbs },
      ],
    }),
    section({
      title: 'Bins',
      rows: r.bins,
      columns: [
        { header: 'Roasted lot', value: (b) => b.roasted_lot },
        { header: 'Bin', value: (b) => b.bin },
        { header: 'Lbs', value: (b) => b.lbs },
      ],
    }),
    section({
      title: 'Still in the plant',
      rows: r.held,
      columns: [
        { header: 'Lot number', value: (h) => h.lot_number },
        { header: 'Device', value: (h) => h.device },
        { header: 'Lbs', value: (h) => h.lbs },
      ],
    }),
  ];
}

/** What the report is about, as its title says it. */
export function recallTitle(r: RecallReport): string {
  return r.direction === 'lot'
    ? `Recall of lot ${r.subject}`
    : `Recall of order ${formatOrderNumber(Number(r.subject))}`;
}

/** The recall report as one CSV file: its title, then a titled table per section. */
export function recallCsv(r: RecallReport): string {
  const head = [
    recallTitle(r),
    ...(r.bean_name
      ? [
          toCsv(
            [
              { header: 'Bean', value: () => r.bean_name },
              { header: 'Received (lbs)', value: () => r.received },
            ],
            [r],
          ),
        ]
      : []),
  ].join('\r\n');
  const tables = recallSections(r).map((s) => `${s.title}\r\n${sectionCsv(s)}`);
  return [`${head}\r\n`, ...tables].join('\r\n');
}

/**
 * The recall report as a workbook's sheets: what it is about first (with the bean and what was
 * received, for a lot), then a sheet per section.
 */
export function recallTables(r: RecallReport): ReportTable[] {
  const about: ReportTable = r.bean_name
    ? {
        name: 'Recall',
        columns: ['Recall', 'Bean', 'Received (lbs)'],
        rows: [[recallTitle(r), r.bean_name, r.received]],
      }
    : { name: 'Recall', columns: ['Recall'], rows: [[recallTitle(r)]] };
  return [
    about,
    ...recallSections(r).map((s) => ({ name: s.title, columns: s.headers, rows: s.cells })),
  ];
}
