import {
  EXPORT_TOTAL_ROWS_HEADER,
  type EventExportFormat,
  type EventWhere,
} from '@roastery/contract';
import { apiStream } from '../../../lib/api-client.ts';

export interface ExportProgress {
  /** Rows the server announced before the first byte. */
  totalRows: number;
  /** Rows received so far; null when the format cannot be counted as it arrives (a workbook). */
  rows: number | null;
  bytes: number;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
  totalRows: number;
}

const NEWLINE = 0x0a;

function fileNameOf(response: Response, format: EventExportFormat): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return (
    /filename="([^"]+)"/.exec(disposition)?.[1] ?? `events.${format === 'xls' ? 'xlsx' : 'csv'}`
  );
}

/**
 * Downloads the export of exactly the filtered events, reporting progress as it streams in: a
 * CSV is counted line by line against the announced row count, a workbook by its bytes.
 */
export async function exportEvents(
  where: EventWhere,
  format: EventExportFormat,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  const response = await apiStream('/event/export', {
    method: 'POST',
    body: { where, format },
    accept: '*/*',
    signal,
  });
  const totalRows = Number(response.headers.get(EXPORT_TOTAL_ROWS_HEADER) ?? 0);
  const reader = response.body?.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  // The header line is not a row.
  let lines = -1;
  onProgress({ totalRows, rows: format === 'csv' ? 0 : null, bytes });
  for (;;) {
    const result = await reader?.read();
    if (!result || result.done) break;
    chunks.push(result.value);
    bytes += result.value.byteLength;
    if (format === 'csv') for (const byte of result.value) if (byte === NEWLINE) lines += 1;
    onProgress({ totalRows, rows: format === 'csv' ? Math.max(0, lines) : null, bytes });
  }
  return {
    blob: new Blob(chunks, { type: response.headers.get('content-type') ?? undefined }),
    fileName: fileNameOf(response, format),
    totalRows,
  };
}

/** Hands a file to the browser's downloads. */
export function saveFile(file: ExportedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; the next task may free the URL.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
