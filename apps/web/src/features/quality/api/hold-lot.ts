import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lotHoldPreview,
  lotHoldResult,
  type LotHoldBody,
  type LotHoldPreview,
} from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { qualityKeys } from './quality-keys.ts';

const holdKey = (lotNumber: string) => [...qualityKeys.all, 'hold', lotNumber] as const;

export function getLotHold(lotNumber: string, signal?: AbortSignal): Promise<LotHoldPreview> {
  return apiRequest(`/quality/holds/${encodeURIComponent(lotNumber)}`, lotHoldPreview, { signal });
}

/** A lot's hold as it stands and the lots a hold of it would reach now. */
export function useLotHold(lotNumber: string) {
  return useQuery({
    queryKey: holdKey(lotNumber),
    queryFn: ({ signal }) => getLotHold(lotNumber, signal),
    retry: false,
  });
}

/**
 * Holds a lot and everything made from it; every quality view refetches, since any lot made
 * from it may have changed status.
 */
export function useHoldLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LotHoldBody) =>
      apiRequest('/quality/holds', lotHoldResult, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qualityKeys.all }),
  });
}
