import { queryOptions } from '@tanstack/react-query';
import { qualitySpec, type QualitySpec } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const qualitySpecKey = (productId: number) => ['quality-spec', productId] as const;

/** A product's quality specification; every bound empty while it has none. */
export function getQualitySpec(productId: number, signal?: AbortSignal): Promise<QualitySpec> {
  return apiRequest(`/quality/specs/${productId}`, qualitySpec, { signal });
}

export function qualitySpecQueryOptions(productId: number) {
  return queryOptions({
    queryKey: qualitySpecKey(productId),
    queryFn: ({ signal }) => getQualitySpec(productId, signal),
  });
}
