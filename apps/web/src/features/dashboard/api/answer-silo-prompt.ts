import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { singleSiloBody } from '@roastery/contract';
import { apiRequest, ignoreReply } from '../../../lib/api-client.ts';
import { siloStatsQueryKey } from '../../../lib/get-silo-stats.ts';
import { dashboardKeys } from './dashboard-keys.ts';

export type SiloPromptAnswer = z.input<typeof singleSiloBody>;

/** bagoff ends the transfer with what has moved; continue keeps waiting for beans. */
export function answerSiloPrompt(body: SiloPromptAnswer): Promise<void> {
  return apiRequest('/dashboard/popup/single-silo', ignoreReply, { method: 'POST', body });
}

/** A bag-off books what moved, so the silo table changes too. */
export function useAnswerSiloPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerSiloPrompt,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: siloStatsQueryKey }),
      ]),
  });
}
