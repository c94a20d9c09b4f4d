import type { ReportExportSheet } from '@roastery/contract';
import { apiStream } from './api-client.ts';
import type { CsvCell } from './csv.ts';
import { downloadBlob } from './download.ts';

/** One table of a report as the screen shows it, one row of cells per row shown. */
export interface ReportTable {
  name: string;
  columns: readonly string[];
  rows: readonly (readonly CsvCell[])[];
}

/** A file name the server accepts: letters, digits, dot, dash and underscore. */
export function safeFileName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'report';
}

function sheetOf(table: ReportTable): ReportExportSheet {
  return {
    name: table.name,
    columns: [...table.columns],
    rows: table.rows.map((row) => row.map((cell) => cell ?? null)),
  };
}

/**
 * Downloads a report's tables as an Excel workbook, one sheet per table, written by the server
 * with the same writer as the events log's export; `fileName` has no extension.
 */
export async function downloadWorkbook(
  fileName: string,
  tables: readonly ReportTable[],
): Promise<void> {
  const response = await apiStream('/report/export', {
    method: 'POST',
    body: { format: 'xls', file_name: safeFileName(fileName), sheets: tables.map(sheetOf) },
    accept: '*/*',
  });
  downloadBlob(`${safeFileName(fileName)}.xlsx`, await response.blob());
}
