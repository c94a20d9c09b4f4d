import { useMutation } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** What proves that one's own second factor is removed by its owner, not by a left-open session. */
export type OwnTotpProof = { code: string } | { password: string };

export interface RemoveUserTotpInput {
  userId: number;
  /** Needed for one's own second factor only; another user's goes without. */
  proof?: OwnTotpProof;
}

/** Removes a user's two-step sign-in (a lost phone): the password alone signs in again. */
export function removeUserTotp({ userId, proof }: RemoveUserTotpInput): Promise<MessageReply> {
  return apiRequest(`/user/${userId}/totp`, messageReply, { method: 'DELETE', body: proof });
}

export function useRemoveUserTotp() {
  return useMutation({ mutationFn: removeUserTotp });
}
