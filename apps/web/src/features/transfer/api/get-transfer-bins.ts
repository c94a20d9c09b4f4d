import { queryOptions, useQuery } from '@tanstack/react-query';
import { transferBin, type TransferBin } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { transferKeys } from './transfer-keys.ts';

const binList = transferBin.array();

/** Every silo and bin a transfer can use, with what the ledger says each holds. */
export function getTransferBins(signal?: AbortSignal): Promise<TransferBin[]> {
  return apiRequest('/transfer/bin', binList, { signal });
}

export function getTransferBinsQueryOptions() {
  return queryOptions({
    queryKey: transferKeys.bins(),
    queryFn: ({ signal }) => getTransferBins(signal),
  });
}

/**
 * Always stale, so opening the create dialog (enabled) fetches the weights afresh: they change
 * with every dump and transfer.
 */
export function useTransferBins(options: { enabled: boolean }) {
  return useQuery({ ...getTransferBinsQueryOptions(), enabled: options.enabled, staleTime: 0 });
}
