import {
  recallEventLabels,
  recallSectionKeys,
  recallSectionLabels,
  recallStartLabels,
  type MockRecall,
  type RecallRecord,
} from '@roastery/contract';
import { csvField, type TableCell } from '../../lib/table-export.ts';

/** A record's columns: the key data elements first, as an inspector asks for them. */
const recordColumns: readonly {
  header: string;
  width: number;
  value: (r: RecallRecord) => TableCell;
}[] = [
  { header: 'Traceability lot code', width: 22, value: (r) => r.lot_code },
  { header: 'Product', width: 24, value: (r) => r.product },
  { header: 'Quantity', width: 12, value: (r) => r.quantity },
  { header: 'Unit', width: 6, value: (r) => r.unit },
  { header: 'Location', width: 24, value: (r) => r.location },
  { header: 'Date', width: 22, value: (r) => r.date },
  { header: 'Reference document', width: 30, value: (r) => r.reference },
  { header: 'Event', width: 22, value: (r) => recallEventLabels[r.event] },
  { header: 'Lot kind', width: 10, value: (r) => r.lot_kind },
  { header: 'Customer', width: 22, value: (r) => r.customer },
  { header: 'Supplier', width: 20, value: (r) => r.supplier },
  { header: 'Supplier lot', width: 16, value: (r) => r.supplier_lot },
];

const customerColumns = [
  'Customer',
  'Orders',
  'Lots',
  'Quantity',
  'Unit',
  'First packed',
  'Last packed',
] as const;

function lbsOf(records: readonly RecallRecord[]): number {
  return Math.round(records.reduce((sum, r) => sum + r.quantity * 100, 0)) / 100;
}

/** The summary's label and value pairs: what was searched, when, by whom, and what it found. */
export function recallSummary(recall: MockRecall): [string, string][] {
  return [
    ['Searched for', `${recallStartLabels[recall.start.kind]} ${recall.start.label}`],
    ['Searched at', `${recall.searched_at.slice(0, 19).replace('T', ' ')} UTC`],
    ['Searched by', recall.searched_by],
    ['Query time', `${recall.query_ms} ms`],
    ...recallSectionKeys.map((key): [string, string] => [
      recallSectionLabels[key],
      `${recall[key].length} ${recall[key].length === 1 ? 'record' : 'records'}, ${lbsOf(recall[key]).toLocaleString('en-US')} lb`,
    ]),
    ['Lots in the chain', String(recall.lots.length)],
    ['Customers affected', String(recall.customers.length)],
  ];
}

function customerRow(c: MockRecall['customers'][number]): TableCell[] {
  return [
    c.customer,
    c.orders.join(' '),
    c.lots.join(' '),
    c.lbs,
    'lb',
    c.first_packed,
    c.last_packed,
  ];
}

/** The file name of a recall's exports, from its starting point. */
export function recallFileName(recall: MockRecall): string {
  const subject = recall.start.label.replace(/[^\w.-]+/g, '_').slice(0, 60);
  return `recall-${recall.start.kind}-${subject}`;
}

/**
 * A workbook: the summary, then one sheet per section and the customers, each with its header
 * frozen and an autofilter, so a person can sort and filter it at once.
 */
export async function recallXlsx(recall: MockRecall): Promise<Buffer> {
  const { default: excel } = await import('exceljs');
  const book = new excel.Workbook();
  book.created = new Date(recall.searched_at);
  const summary = book.addWorksheet('Summary');
  summary.columns = [
    { header: 'Field', width: 22 },
    { header: 'Value', width: 50 },
  ];
  summary.addRows(recallSummary(recall));
  const table = (
    name: string,
    headers: readonly string[],
    widths: readonly number[],
    rows: TableCell[][],
  ) => {
    const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = headers.map((header, i) => ({ header, width: widths[i] ?? 14 }));
    sheet.getRow(1).font = { bold: true };
    // Dates as dates, so a spreadsheet sorts them in time, not as text.
    sheet.addRows(
      rows.map((row) =>
        row.map((cell, i) =>
          isDateColumn(headers[i]) && typeof cell === 'string' ? new Date(cell) : cell,
        ),
      ),
    );
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  };
  for (const key of recallSectionKeys) {
    table(
      recallSectionLabels[key],
      recordColumns.map((c) => c.header),
      recordColumns.map((c) => c.width),
      recall[key].map((r) => recordColumns.map((c) => c.value(r))),
    );
  }
  table(
    'Customers',
    customerColumns,
    [24, 20, 30, 12, 6, 22, 22],
    recall.customers.map(customerRow),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

function isDateColumn(header: string | undefined): boolean {
  return header === 'Date' || header === 'First packed' || header === 'Last packed';
}

/** One CSV file: the summary, then each section and the customers, each under its title. */
export function recallCsv(recall: MockRecall): string {
  const line = (cells: readonly TableCell[]) => `${cells.map(csvField).join(',')}\r\n`;
  const parts = ['\uFEFF', line(['Mock recall']), ...recallSummary(recall).map(line)];
  for (const key of recallSectionKeys) {
    parts.push('\r\n', line([recallSectionLabels[key]]), line(recordColumns.map((c) => c.header)));
    for (const r of recall[key]) parts.push(line(recordColumns.map((c) => c.value(r))));
  }
  parts.push('\r\n', line(['Customers']), line(customerColumns));
  for (const c of recall.customers) parts.push(line(customerRow(c)));
  return parts.join('');
}
