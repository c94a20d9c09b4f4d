import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { dump, type Dump, type dumpErrorBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { siloStatsQueryKey } from '../../../lib/get-silo-stats.ts';
import { dashboardKeys } from './dashboard-keys.ts';

export type DumpErrorAnswer = z.input<typeof dumpErrorBody>;

/** N: book what went in, ask for a new dump of the rest; B: book it and end; C: run again. */
export function answerDumpError(body: DumpErrorAnswer): Promise<Dump> {
  return apiRequest('/dashboard/dump_popup/error', dump, { method: 'POST', body });
}

/** N and B book what went in, so the silo table changes too. */
export function useAnswerDumpError() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerDumpError,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: siloStatsQueryKey }),
      ]),
  });
}
