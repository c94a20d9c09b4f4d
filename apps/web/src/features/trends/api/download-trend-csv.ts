import { useMutation } from '@tanstack/react-query';
import { apiStream } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { seriesPath } from './series-path.ts';

export interface TrendCsvInput {
  tags: readonly string[];
  /** The times on screen: the file holds what the chart shows. */
  shown: { from: number; to: number };
}

/** The name the server gives the file in its content-disposition, if any. */
function attachmentName(disposition: string | null): string | undefined {
  const match = disposition && /filename="([^"]+)"/.exec(disposition);
  return match ? match[1] : undefined;
}

/**
 * Fetches the series as CSV (time, device, tag, value, unit; temperatures in the plant's unit) and
 * hands it to the browser's downloads.
 */
export async function downloadTrendCsv({ tags, shown }: TrendCsvInput): Promise<void> {
  const response = await apiStream(seriesPath(tags, shown, 'csv'), { accept: 'text/csv' });
  const name = attachmentName(response.headers.get('content-disposition')) ?? 'historian.csv';
  downloadBlob(name, await response.blob());
}

export function useDownloadTrendCsv() {
  return useMutation({ mutationFn: downloadTrendCsv });
}
