import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { transfer, type Transfer, type continueOrderBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

export type ContinueOrderInput = z.input<typeof continueOrderBody>;

/** Carries the transfer on from the substitute chosen with chooseSubstitute. */
export function continueOrder(body: ContinueOrderInput): Promise<Transfer> {
  return apiRequest('/dashboard/continue-order', transfer, { method: 'POST', body });
}

export function useContinueOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: continueOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}
