import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflowTriggerEntry } from '@roastery/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export type TriggerEntry = z.infer<typeof workflowTriggerEntry>;
export const triggerList = workflowTriggerEntry.array();

/** What starts this workflow: a parent finishing, or a plant event. */
export function getTriggers(workflowId: number, signal?: AbortSignal): Promise<TriggerEntry[]> {
  return apiRequest(`/workflow/${workflowId}/triggers`, triggerList, { signal });
}

export function getTriggersQueryOptions(workflowId: number) {
  return queryOptions({
    queryKey: workflowKeys.triggers(workflowId),
    queryFn: ({ signal }) => getTriggers(workflowId, signal),
  });
}

export function useTriggers(workflowId: number) {
  return useQuery(getTriggersQueryOptions(workflowId));
}
