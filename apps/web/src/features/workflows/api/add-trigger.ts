import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TriggerWhen } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { triggerList, type TriggerEntry } from './get-triggers.ts';
import { workflowKeys } from './workflow-keys.ts';

export interface AddTriggerInput {
  /** The workflow that is started. */
  workflow_id: number;
  /** The workflow whose end starts it; null for a plant event. */
  parent_id: number | null;
  when: TriggerWhen;
}

export function addTrigger(input: AddTriggerInput): Promise<TriggerEntry[]> {
  return apiRequest('/workflow/triggers', triggerList, { method: 'POST', body: input });
}

export function useAddTrigger(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTrigger,
    onSuccess: (triggers) => queryClient.setQueryData(workflowKeys.triggers(workflowId), triggers),
  });
}
