import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type ExcelJS from 'exceljs';

/** The export formats: `xls` is the spec's name for an Excel workbook, written as `.xlsx`. */
export type TableExportFormat = 'csv' | 'xls';

export type TableCell = string | number | boolean | null;

/** One table of an export: a sheet of a workbook, a titled block of a CSV file. */
export interface ExportTable<Row> {
  name: string;
  columns: readonly { header: string; width?: number; value: (row: Row) => TableCell }[];
  /** The rows a batch at a time, so a table of any size is never held whole. */
  batches: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>;
}

export const exportContentType: Record<TableExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xls: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The most rows written in one turn of the event loop. A batch can be a whole table (a report's
 * rows arrive in its request); written in one go it held the PLC scan, the live streams and
 * every other request for seconds. A slice of this size takes a few milliseconds.
 */
export const EXPORT_SLICE_ROWS = 500;

/** A batch's rows a slice at a time, letting the event loop run after each slice. */
async function* slices<Row>(batch: readonly Row[]): AsyncGenerator<readonly Row[]> {
  for (let i = 0; i < batch.length; i += EXPORT_SLICE_ROWS) {
    yield batch.slice(i, i + EXPORT_SLICE_ROWS);
    await nextTurn();
  }
}

export const exportExtension: Record<TableExportFormat, string> = { csv: 'csv', xls: 'xlsx' };

/** `attachment; filename="<name>.<ext>"` for a name already reduced to safe characters. */
export function attachment(name: string, format: TableExportFormat): string {
  return `attachment; filename="${name}.${exportExtension[format]}"`;
}

/**
 * One CSV field. A text a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a
 * leading apostrophe: the texts come partly from devices and people, and must stay text.
 */
export function csvField(value: TableCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(values: TableCell[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * A single table is the header line and its rows; several are each their name on a line, then
 * the table, with an empty line between them.
 */
async function* csvChunks(tables: readonly ExportTable<unknown>[]): AsyncGenerator<string> {
  // The byte order mark makes Excel read the file as UTF-8.
  yield '\uFEFF';
  for (const [i, table] of tables.entries()) {
    const title = tables.length > 1 ? `${i > 0 ? '\r\n' : ''}${csvLine([table.name])}` : '';
    yield `${title}${csvLine(table.columns.map((c) => c.header))}`;
    for await (const batch of table.batches) {
      for await (const rows of slices(batch)) {
        yield rows.map((row) => csvLine(table.columns.map((c) => c.value(row)))).join('');
      }
    }
  }
}

interface LegacyWritable extends NodeJS.EventEmitter {
  _writableState?: { length: number; highWaterMark: number };
}

/**
 * Waits until the zip has taken in what the sheet wrote. exceljs pushes the sheet's XML into the
 * zip without looking at its answer, and the zip's input is an older stream implementation
 * without `writableNeedDrain`; without this wait the whole uncompressed sheet piles up in memory
 * whenever compression is slower than the database (measured: 330 MB for a million rows, flat
 * with the wait).
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: LegacyWritable[] } }).stream?.pipes?.[0];
  const state = entry?._writableState;
  if (entry && state && state.length >= state.highWaterMark) await once(entry, 'drain');
}

/** Excel refuses a sheet name over 31 characters, with []:*?/\, or used twice in a workbook. */
function sheetNames(tables: readonly ExportTable<unknown>[]): string[] {
  const taken = new Set<string>();
  return tables.map((t, i) => {
    const base = t.name.replace(/[[\]:*?/\\]/g, ' ').trim() || `Sheet ${i + 1}`;
    let name = base.slice(0, 31);
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * A workbook written row by row as the batches arrive; it never holds a whole sheet. exceljs is
 * loaded by the first workbook asked for: it is a large module graph the server's start and
 * memory need not carry.
 */
function xlsxStream(tables: readonly ExportTable<unknown>[], onError: (err: unknown) => void) {
  const out = new PassThrough();
  const names = sheetNames(tables);
  void (async () => {
    const { default: excel } = await import('exceljs');
    const workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    for (const [i, table] of tables.entries()) {
      const sheet = workbook.addWorksheet(names[i]);
      sheet.columns = table.columns.map((c, key) => ({
        header: c.header,
        key: String(key),
        width: c.width ?? Math.min(60, Math.max(10, c.header.length + 2)),
      }));
      for await (const batch of table.batches) {
        for await (const rows of slices(batch)) {
          if (out.destroyed) return;
          // Values go in as they are: a string is a text cell, never a formula.
          for (const row of rows) sheet.addRow(table.columns.map((c) => c.value(row))).commit();
          await zipCaughtUp(sheet);
          // The browser reads slower than the database answers: wait for it rather than buffer.
          if (out.writableNeedDrain) await once(out, 'drain');
        }
      }
      sheet.commit();
    }
    await workbook.commit();
  })().catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

/**
 * Tables as a byte stream in the asked format; a failure part way ends the stream with it. Each
 * table's batches are read only when the stream reaches them.
 */
export function tableExportStream<Row>(
  format: TableExportFormat,
  tables: readonly ExportTable<Row>[],
  onError: (err: unknown) => void,
): Readable {
  const erased = tables as readonly ExportTable<unknown>[];
  if (format === 'xls') return xlsxStream(erased, onError);
  const stream = Readable.from(csvChunks(erased));
  stream.on('error', onError);
  return stream;
}
