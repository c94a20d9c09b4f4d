import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { siloPrompt, type SiloPrompt, type substituteBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export type SubstituteChoice = z.input<typeof substituteBody>;

/** Records the silo the transfer carries on from; continue-order then starts it. */
export function chooseSubstitute(body: SubstituteChoice): Promise<SiloPrompt> {
  return apiRequest('/dashboard/bean/device', siloPrompt, { method: 'POST', body });
}

export function useChooseSubstitute() {
  return useMutation({ mutationFn: chooseSubstitute });
}
