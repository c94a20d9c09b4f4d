import { useMutation, useQueryClient } from '@tanstack/react-query';
import { qualityLot, type QualityLot } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { qualityKeys } from './quality-keys.ts';

/**
 * A call that changes a lot and answers with its record: the lot's page shows the answer at
 * once, and the lists refetch, since the lot may have changed status.
 */
export function useLotChange<Body>(path: (lotId: number) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lotId, body }: { lotId: number; body: Body }) =>
      apiRequest(path(lotId), qualityLot, { method: 'POST', body }),
    onSuccess: (lot: QualityLot) => {
      queryClient.setQueryData(qualityKeys.lot(lot.lot_id), lot);
      void queryClient.invalidateQueries({ queryKey: [...qualityKeys.all, 'lots'] });
    },
  });
}
