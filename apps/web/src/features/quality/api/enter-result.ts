import type { EnteredResultBody } from '@roastery/contract';
import { useLotChange } from './use-lot-change.ts';

/** A colour, moisture or cupping result; one out of specification puts the lot on hold. */
export function useEnterResult() {
  return useLotChange<EnteredResultBody>((lotId) => `/quality/lots/${lotId}/results`);
}
