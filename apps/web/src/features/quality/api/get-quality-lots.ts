import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { qualityLot, type LotQualityStatus, type QualityLot } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { qualityKeys } from './quality-keys.ts';

const lotList = qualityLot.array();

export function getQualityLots(
  status: LotQualityStatus | undefined,
  signal?: AbortSignal,
): Promise<QualityLot[]> {
  return apiRequest(`/quality/lots${status ? `?status=${status}` : ''}`, lotList, { signal });
}

/** Roasted lots newest first, of one status or all; the rows stay while another status loads. */
export function useQualityLots(status: LotQualityStatus | undefined) {
  return useQuery({
    queryKey: qualityKeys.lots(status),
    queryFn: ({ signal }) => getQualityLots(status, signal),
    placeholderData: keepPreviousData,
  });
}
