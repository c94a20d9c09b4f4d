import { queryOptions, useQuery } from '@tanstack/react-query';
import { siloPrompt, type SiloPrompt } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { POPUP_POLL_MS, dashboardKeys } from './dashboard-keys.ts';

const siloPromptList = siloPrompt.array();

/** Transfers whose source ran empty before their weight was moved, waiting for a decision. */
export function getSiloPrompts(signal?: AbortSignal): Promise<SiloPrompt[]> {
  return apiRequest('/dashboard/popup/single-silo', siloPromptList, { signal });
}

export function getSiloPromptsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.siloPrompts(),
    queryFn: ({ signal }) => getSiloPrompts(signal),
    refetchInterval: POPUP_POLL_MS,
  });
}

export function useSiloPrompts() {
  return useQuery(getSiloPromptsQueryOptions());
}
