import type { LotDecisionBody } from '@roastery/contract';
import { useLotChange } from './use-lot-change.ts';

/** A release, a release under deviation or a rejection, signed with the signer's password. */
export function useSignDecision() {
  return useLotChange<LotDecisionBody>((lotId) => `/quality/lots/${lotId}/decision`);
}
