import { queryOptions, useQuery } from '@tanstack/react-query';
import { transfer, type Transfer } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { transferKeys, type TransferListStatus } from './transfer-keys.ts';

const transferList = transfer.array();

/** Pending transfers (waiting or moving), or finished ones (completed or failed). */
export function getTransfers(
  status: TransferListStatus,
  signal?: AbortSignal,
): Promise<Transfer[]> {
  return apiRequest(`/transfer?status=${status}`, transferList, { signal });
}

export function getTransfersQueryOptions(status: TransferListStatus) {
  return queryOptions({
    queryKey: transferKeys.list(status),
    queryFn: ({ signal }) => getTransfers(status, signal),
  });
}

/** refetchInterval: a safety net; live inventory and workflow events refresh the lists sooner. */
export function useTransfers(status: TransferListStatus, options: { refetchInterval: number }) {
  return useQuery({
    ...getTransfersQueryOptions(status),
    refetchInterval: options.refetchInterval,
  });
}
