import { useMutation } from '@tanstack/react-query';
import type { AlogForm } from '@roastery/contract';
import { apiStream } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download.ts';

interface DownloadRoastAlogInput {
  id: number;
  form: AlogForm;
  /** The file's name when the reply names none. */
  fallbackName: string;
}

function attachmentName(disposition: string | null): string | undefined {
  const match = disposition && /filename="([^"]+)"/.exec(disposition);
  return match ? match[1] : undefined;
}

/** A roast as an Artisan .alog, saved as the server wrote it (a byte order mark stops Artisan). */
async function downloadRoastAlog({ id, form, fallbackName }: DownloadRoastAlogInput) {
  const response = await apiStream(`/roast-records/${id}/alog?form=${form}`, {
    accept: 'text/plain',
  });
  const text = await response.text();
  const name = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  downloadBlob(name, new Blob([text], { type: 'text/plain;charset=utf-8' }));
}

export function useDownloadRoastAlog() {
  return useMutation({ mutationFn: downloadRoastAlog });
}
