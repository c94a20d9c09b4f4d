import { useMutation } from '@tanstack/react-query';
import { alogPreview, type AlogPreview, type AlogPreviewBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Reads an Artisan file on the server into a curve in °F; nothing is saved. */
export function previewAlog(body: AlogPreviewBody): Promise<AlogPreview> {
  return apiRequest('/roast-profiles/alog/preview', alogPreview, { method: 'POST', body });
}

export function usePreviewAlog() {
  return useMutation({ mutationFn: previewAlog });
}
