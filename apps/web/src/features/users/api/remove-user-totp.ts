import { useMutation } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Removes a user's two-step sign-in (a lost phone): the password alone signs in again. */
export function removeUserTotp(userId: number): Promise<MessageReply> {
  return apiRequest(`/user/${userId}/totp`, messageReply, { method: 'DELETE' });
}

export function useRemoveUserTotp() {
  return useMutation({ mutationFn: removeUserTotp });
}
