import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from './get-active-notifications.ts';

export function acknowledgeAllNotifications() {
  return apiRequest('/notification/ack/all/notification', messageReply, { method: 'POST' });
}

export function useAcknowledgeAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAllNotifications,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
