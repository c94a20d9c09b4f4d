/** A cell of a CSV file. null and undefined are empty cells. */
export type CsvCell = string | number | null | undefined;

/**
 * Spreadsheets run a cell that starts with one of these as a formula; a customer name such as
 * "=HYPERLINK(...)" must open as text (OWASP's CSV injection advice: prefix a quote).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180 text: a header row, then one row per record, CRLF line ends; a cell with a comma,
 * quote or line break is quoted, with its quotes doubled.
 */
export function toCsv<Row>(
  columns: readonly { header: string; value: (row: Row) => CsvCell }[],
  rows: readonly Row[],
): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
