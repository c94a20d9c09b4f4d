import { useMutation } from '@tanstack/react-query';
import { apiStream } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download.ts';

/** A printable record: a batch's, or a day's. */
export type RecordPdf = { kind: 'batch'; batchId: number } | { kind: 'day'; day: string };

const source = (pdf: RecordPdf) =>
  pdf.kind === 'batch'
    ? {
        path: `/food-safety/batches/${pdf.batchId}/record.pdf`,
        file: `food-safety-batch-${pdf.batchId}.pdf`,
      }
    : { path: `/food-safety/days/${pdf.day}/records.pdf`, file: `food-safety-${pdf.day}.pdf` };

export async function downloadRecordPdf(pdf: RecordPdf): Promise<void> {
  const { path, file } = source(pdf);
  const response = await apiStream(path, { accept: 'application/pdf' });
  downloadBlob(file, await response.blob());
}

/** Fetches the PDF with the session's token and hands it to the browser's downloads. */
export function useDownloadRecordPdf() {
  return useMutation({ mutationFn: downloadRecordPdf });
}
