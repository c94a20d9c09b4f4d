import { useMutation, useQueryClient } from '@tanstack/react-query';
import { qualitySpec, type QualitySpecBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { qualitySpecKey } from './get-quality-spec.ts';

export function useSaveQualitySpec() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: number; body: QualitySpecBody }) =>
      apiRequest(`/quality/specs/${productId}`, qualitySpec, { method: 'PUT', body }),
    onSuccess: (spec) => queryClient.setQueryData(qualitySpecKey(spec.product_id), spec),
  });
}
