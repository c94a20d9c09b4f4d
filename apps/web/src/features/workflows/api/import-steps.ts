import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

const importReply = messageReply.extend({ count: z.number().int() });
export type ImportStepsReply = z.infer<typeof importReply>;

/** Replaces every step of workflow toId with a copy of fromId's steps. */
export function importSteps(fromId: number, toId: number): Promise<ImportStepsReply> {
  return apiRequest('/workflow/steps/import', importReply, {
    method: 'POST',
    body: { from_id: fromId, to_id: toId },
  });
}

export function useImportSteps(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fromId: number) => importSteps(fromId, workflowId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.detail(workflowId) }),
  });
}
