import { queryOptions, useQuery } from '@tanstack/react-query';
import { siloStat, type SiloStat } from '@roastery/contract';
import { apiRequest } from './api-client.ts';

const siloStatList = siloStat.array();

/**
 * Shared because the dashboard and the operator's dump screen both show the silos; the live
 * stream refreshes it when a silo's level or the ledger changes.
 */
export const siloStatsQueryKey = ['silo-stats'] as const;

/** The spec refreshes the dashboard every 10 s; live events refresh it sooner. */
const SILO_STATS_POLL_MS = 10_000;

/** Every silo and bin with its book weight (the ledger) and its level (the PLC). */
export function getSiloStats(signal?: AbortSignal): Promise<SiloStat[]> {
  return apiRequest('/dashboard/bean', siloStatList, { signal });
}

export function getSiloStatsQueryOptions() {
  return queryOptions({
    queryKey: siloStatsQueryKey,
    queryFn: ({ signal }) => getSiloStats(signal),
    refetchInterval: SILO_STATS_POLL_MS,
  });
}

export function useSiloStats() {
  return useQuery(getSiloStatsQueryOptions());
}
