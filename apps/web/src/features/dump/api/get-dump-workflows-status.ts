import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { runningWorkflowState } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { dumpKeys } from './dump-keys.ts';

const dumpWorkflowStatus = runningWorkflowState.extend({ name: z.string() });
export type DumpWorkflowStatus = z.infer<typeof dumpWorkflowStatus>;

/** The dumping workflows, each with the state of its current run. */
export function getDumpWorkflowsStatus(signal?: AbortSignal): Promise<DumpWorkflowStatus[]> {
  return apiRequest('/dump/workflows/status', dumpWorkflowStatus.array(), { signal });
}

export function getDumpWorkflowsStatusQueryOptions() {
  return queryOptions({
    queryKey: dumpKeys.workflows(),
    queryFn: ({ signal }) => getDumpWorkflowsStatus(signal),
  });
}

export function useDumpWorkflowsStatus(options: { refetchInterval: number }) {
  return useQuery({
    ...getDumpWorkflowsStatusQueryOptions(),
    refetchInterval: options.refetchInterval,
  });
}
