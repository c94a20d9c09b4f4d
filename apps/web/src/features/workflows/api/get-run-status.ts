import { queryOptions, useQuery } from '@tanstack/react-query';
import { runningWorkflowState, type RunningWorkflowState } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { activeRunStates } from '../lib/run-states.ts';
import { workflowKeys } from './workflow-keys.ts';

/** The run of a workflow: its state, timeline and status rows. */
export function getRunStatus(
  workflowId: number,
  signal?: AbortSignal,
): Promise<RunningWorkflowState> {
  return apiRequest(`/workflow/${workflowId}/status`, runningWorkflowState, { signal });
}

export function getRunStatusQueryOptions(workflowId: number) {
  return queryOptions({
    queryKey: workflowKeys.run(workflowId),
    queryFn: ({ signal }) => getRunStatus(workflowId, signal),
    staleTime: 0,
  });
}

/** The spec's polling of a running workflow. */
export const RUN_POLL_MS = 1_000;

/**
 * Polls every second while a run is under way; otherwise at idleInterval, since the live
 * stream says when a run starts or is cleared.
 */
export function useRunStatus(workflowId: number, idleInterval: number) {
  return useQuery({
    ...getRunStatusQueryOptions(workflowId),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state && activeRunStates.has(state) ? RUN_POLL_MS : idleInterval;
    },
  });
}
