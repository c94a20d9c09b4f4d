import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ignoreReply } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** Sends the operators a notification that the dump waits; the server then stops offering it. */
export function remindDump(dumpId: number): Promise<void> {
  return apiRequest('/dashboard/dump_popup', ignoreReply, {
    method: 'POST',
    body: { dump_id: dumpId },
  });
}

export function useRemindDump() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindDump,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.waitingDumps() }),
  });
}
