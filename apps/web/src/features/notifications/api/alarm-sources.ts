import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  alarmSettings,
  alarmSource,
  alarmSourceOutOfService,
  messageReply,
  type RemoveAlarmSourceBody,
} from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from './get-active-notifications.ts';

const sourceChange = messageReply.extend({ count: z.number().int() });

/** Alarm sources a supervisor took out of service. */
export function useOutOfServiceSources() {
  return useQuery({
    queryKey: [...notificationsQueryKey, 'out-of-service'],
    queryFn: ({ signal }) =>
      apiRequest('/notification/out-of-service', z.array(alarmSourceOutOfService), { signal }),
  });
}

/** Every source a person may take out of service, alarmed or not: the devices and the console. */
export function useAlarmSources(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsQueryKey, 'sources'],
    queryFn: ({ signal }) => apiRequest('/notification/sources', z.array(alarmSource), { signal }),
    enabled,
  });
}

/** The console's limits of alarm handling (the longest shelve). */
export function useAlarmSettings() {
  return useQuery({
    queryKey: [...notificationsQueryKey, 'settings'],
    queryFn: ({ signal }) => apiRequest('/notification/settings', alarmSettings, { signal }),
    staleTime: Infinity,
  });
}

export function useRemoveFromService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemoveAlarmSourceBody) =>
      apiRequest('/notification/out-of-service', sourceChange, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

export function useReturnToService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: string) =>
      apiRequest('/notification/return-to-service', sourceChange, {
        method: 'POST',
        body: { source },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
