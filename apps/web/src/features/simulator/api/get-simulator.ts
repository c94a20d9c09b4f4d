import { queryOptions, useQuery } from '@tanstack/react-query';
import { simulatorState, type SimulatorState } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Simulated values move on their own (a roaster heats up), so the screen follows them. */
const SIMULATOR_POLL_MS = 2_000;

export const simulatorQueryKey = ['simulator'] as const;

export function getSimulator(signal?: AbortSignal): Promise<SimulatorState> {
  return apiRequest('/simulator', simulatorState, { signal });
}

export function getSimulatorQueryOptions() {
  return queryOptions({
    queryKey: simulatorQueryKey,
    queryFn: ({ signal }) => getSimulator(signal),
  });
}

export function useSimulator() {
  return useQuery({ ...getSimulatorQueryOptions(), refetchInterval: SIMULATOR_POLL_MS });
}
