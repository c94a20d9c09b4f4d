import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notification, type Notification } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from './get-active-notifications.ts';

export function acknowledgeNotification(id: number): Promise<Notification> {
  return apiRequest(`/notification/ack/${id}`, notification, { method: 'POST' });
}

export function useAcknowledgeNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
