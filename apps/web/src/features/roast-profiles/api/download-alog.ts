import { useMutation } from '@tanstack/react-query';
import type { AlogForm } from '@roastery/contract';
import { apiStream } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download.ts';

export interface DownloadAlogInput {
  id: number;
  version: number;
  form: AlogForm;
  /** The file's name when the reply names none. */
  fallbackName: string;
}

/** The name the server gives the file in its content-disposition, if any. */
function attachmentName(disposition: string | null): string | undefined {
  const match = disposition && /filename="([^"]+)"/.exec(disposition);
  return match ? match[1] : undefined;
}

/**
 * Fetches a version's curve as an Artisan .alog and hands it to the browser's downloads. The
 * text goes out as the server wrote it: a byte order mark in front would stop Artisan's reader.
 */
export async function downloadAlog({
  id,
  version,
  form,
  fallbackName,
}: DownloadAlogInput): Promise<void> {
  const response = await apiStream(`/roast-profiles/${id}/versions/${version}/alog?form=${form}`, {
    accept: 'text/plain',
  });
  const text = await response.text();
  const name = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  downloadBlob(name, new Blob([text], { type: 'text/plain;charset=utf-8' }));
}

export function useDownloadAlog() {
  return useMutation({ mutationFn: downloadAlog });
}
