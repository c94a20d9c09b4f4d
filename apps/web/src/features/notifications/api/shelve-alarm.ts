import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notification, type Notification, type ShelveAlarmBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from './get-active-notifications.ts';

export function shelveAlarm(id: number, body: ShelveAlarmBody): Promise<Notification> {
  return apiRequest(`/notification/shelve/${id}`, notification, { method: 'POST', body });
}

export function unshelveAlarm(id: number): Promise<Notification> {
  return apiRequest(`/notification/unshelve/${id}`, notification, { method: 'POST' });
}

export function useShelveAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ShelveAlarmBody & { id: number }) => shelveAlarm(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

export function useUnshelveAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unshelveAlarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
