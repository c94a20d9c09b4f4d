import { useQuery } from '@tanstack/react-query';
import { qualityLot, type QualityLot } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { qualityKeys } from './quality-keys.ts';

export function getQualityLot(lotId: number, signal?: AbortSignal): Promise<QualityLot> {
  return apiRequest(`/quality/lots/${lotId}`, qualityLot, { signal });
}

export function useQualityLot(lotId: number) {
  return useQuery({
    queryKey: qualityKeys.lot(lotId),
    queryFn: ({ signal }) => getQualityLot(lotId, signal),
  });
}
