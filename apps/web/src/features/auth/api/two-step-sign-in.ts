import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageReply,
  totpEnrolment,
  totpStatus,
  type MessageReply,
  type TotpEnrolment,
} from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

const statusKey = ['two-step-sign-in'] as const;

export function useTwoStepStatus(enabled: boolean) {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => apiRequest('/user/totp', totpStatus, { signal }),
    enabled,
  });
}

/** A new secret for the authenticator app; not in use until a code confirms it. */
export function useEnrolTwoStep() {
  return useMutation({
    mutationFn: (): Promise<TotpEnrolment> =>
      apiRequest('/user/totp/enrol', totpEnrolment, { method: 'POST' }),
  });
}

function useCodeMutation(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string): Promise<MessageReply> =>
      apiRequest(path, messageReply, { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export const useConfirmTwoStep = () => useCodeMutation('/user/totp/confirm');
export const useDisableTwoStep = () => useCodeMutation('/user/totp/disable');
