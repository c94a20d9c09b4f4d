import { useMutation } from '@tanstack/react-query';
import type { MockRecallQuery, RecallExportFormat } from '@roastery/contract';
import { apiStream } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { recallSearchParams } from './get-mock-recall.ts';

const accept: Record<RecallExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  pdf: 'application/pdf',
};

/** The file name the server gave, or one made from the starting point. */
function fileNameOf(response: Response, start: MockRecallQuery, format: RecallExportFormat) {
  const given = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return given?.[1] ?? `recall-${start.kind}.${format}`;
}

export async function downloadRecall(input: {
  start: MockRecallQuery;
  format: RecallExportFormat;
}): Promise<void> {
  const { start, format } = input;
  const response = await apiStream(`/recall/export?${recallSearchParams(start)}&format=${format}`, {
    accept: accept[format],
  });
  downloadBlob(fileNameOf(response, start, format), await response.blob());
}

/** Fetches a recall's file with the session's token and hands it to the browser's downloads. */
export function useDownloadRecall() {
  return useMutation({ mutationFn: downloadRecall });
}
